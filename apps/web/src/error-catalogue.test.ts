import { QueryClient, type FetchQueryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categoryQuery, createCategory, deleteCategory, updateCategory } from './admin/categories/api';
import { allCategoriesQuery, allShopsQuery } from './admin/components/catalogue-options';
import { featuredPageQuery, removeFeatured } from './admin/featured/api';
import {
  addToFeatured,
  createProduct,
  deleteProduct,
  productHistoryQuery,
  productQuery,
  productsPageQuery,
  setPublished,
  updateProduct,
} from './admin/products/api';
import {
  createSellerRequest,
  sellerActions,
  sellerRequestQuery,
  sellerRequestsPageQuery,
} from './admin/seller-requests/api';
import { createUser, deleteUser, updateUser, userQuery, usersPageQuery } from './admin/users/api';
import { login, loginErrorText } from './admin/auth-api';
import { fetchDiscoverPage } from './features/discover/api';
import { fetchFeatured, fetchNewest } from './features/home/api';
import { fetchProduct } from './features/product/api';
import { submitSell } from './features/sell/api';

// docs/product.md#error-catalogue: every call throws the response's message, else its own default. Here every
// call meets a server that fails without a word (a 500 with an empty body), and must say its default.

const signal = new AbortController().signal;
// A back-office query's call, made the way its screen makes it (through a query client), without retries.
const load = (options: object) =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(options as FetchQueryOptions);
const user = {
  first_name: 'A',
  last_name: 'B',
  display_name: 'AB',
  email: 'a@b.mw',
  password: 'password1',
  role: 'User',
} as const;
const form = () => new FormData();
// An upload's follower (lib/upload.ts), which these calls do not look at.
const watch = () => ({ signal, onProgress: () => {}, onEnd: () => {} });

const CATALOGUE: [call: string, run: () => Promise<unknown>, message: string][] = [
  // Public
  ['sell submit', () => submitSell(form(), watch()), 'Something went wrong'],
  ['featured', () => fetchFeatured(signal), 'Failed to fetch items'],
  ['list', () => fetchNewest(signal), 'Failed to fetch items'],
  [
    'search',
    () => fetchDiscoverPage({ kind: 'search', search: 'tv', filters: {} }, { offset: 0 }),
    'Failed to fetch items',
  ],
  ['single product', () => fetchProduct('1', signal), 'Failed to fetch item'],
  [
    'category',
    () => fetchDiscoverPage({ kind: 'category', category: 'SmartPhones', filters: {} }, { offset: 0 }),
    'Failed to fetch category items',
  ],
  // Admin
  ['users', () => load(usersPageQuery({ limit: 50, offset: 0 })), 'Failed to fetch users'],
  ['user by id', () => load(userQuery('1')), 'Failed to fetch user by ID'],
  ['create user', () => createUser(user), 'Failed to create user'],
  [
    'update user',
    () => updateUser(1, { display_name: 'AB', email: 'a@b.mw', role: 'User', status: 'active' }),
    'Failed to update user',
  ],
  ['delete user', () => deleteUser(1), 'Failed to delete user'],
  ['shops', () => load(allShopsQuery()), 'Failed to fetch shops'],
  ['products', () => load(productsPageQuery({ limit: 100, offset: 0, search: '' })), 'Failed to fetch products'],
  ['product', () => load(productQuery('1')), 'Failed to fetch product'],
  ['product history', () => load(productHistoryQuery(1)), "Failed to fetch the item's history"],
  ['publish product', () => setPublished(1, true), 'Failed to publish product'],
  ['unpublish product', () => setPublished(1, false), 'Failed to unpublish product'],
  ['update product', () => updateProduct(1, form(), watch()), 'Failed to update product'],
  ['delete product', () => deleteProduct(1), 'Failed to delete product'],
  ['featured products', () => load(featuredPageQuery({ limit: 50, offset: 0 })), 'Failed to fetch featured products'],
  ['create featured product', () => addToFeatured(1), 'Failed to create featured product'],
  ['delete featured product', () => removeFeatured(1), 'Failed to delete featured product'],
  ['product creation', () => createProduct(form(), watch()), 'Something went wrong'],
  ['sellers', () => load(sellerRequestsPageQuery({ offset: 0, search: '' })), 'Failed to fetch sellers'],
  ['seller', () => load(sellerRequestQuery('1')), 'Failed to fetch seller'],
  ['approve seller request', () => sellerActions.approve(1), 'Failed to approve seller request'],
  ['seller offer', () => sellerActions.offer(1, { price: 1000, reason: '' }), 'Failed to make seller offer'],
  [
    'add to inventory',
    () => sellerActions.addToInventory(1, { shop_id: 1, category_id: 1, price: 1000 }),
    'Failed to add item to inventory',
  ],
  ['create seller request', () => createSellerRequest(form(), watch()), 'Failed to create seller request'],
  ['delete seller request', () => sellerActions.delete(1), 'Failed to delete seller request'],
  ['archive seller request', () => sellerActions.archive(1), 'Failed to archive seller request'],
  ['unarchive seller request', () => sellerActions.unarchive(1), 'Failed to bring the seller request back'],
  ['categories', () => load(allCategoriesQuery()), 'Failed to fetch categories'],
  [
    'create category',
    () => createCategory({ name: 'TVs', description: '', parent_id: null }),
    'Failed to create category',
  ],
  ['category', () => load(categoryQuery('1')), 'Failed to fetch category'],
  [
    'update category',
    () => updateCategory(1, { name: 'TVs', description: '', parent_id: null }),
    'Failed to update category',
  ],
  ['delete category', () => deleteCategory(1), 'Failed to delete category'],
];

afterEach(() => vi.restoreAllMocks());

describe('error catalogue', () => {
  it.each(CATALOGUE)('%s says its default when the server says nothing', async (_call, run, message) => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 500 }));
    await expect(run()).rejects.toMatchObject({ message, status: 500 });
  });

  it.each(CATALOGUE)("%s says the server's message when there is one", async (_call, run) => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ message: 'Shop is closed today' }, { status: 409 }),
    );
    await expect(run()).rejects.toMatchObject({ message: 'Shop is closed today', status: 409 });
  });

  it("login: the toast says detail, else title, else 'Login failed. Please try again.'; the error 'Login failed with status {status}'", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 502 }));
    const error = await login({ email: 'a@b.mw', password: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Login failed with status 502' });
    expect(loginErrorText(error)).toBe('Login failed. Please try again.');
  });
});
