import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney, type AdminProduct } from '@marketplace/shared';
import { useState } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../../lib/api-client';
import { DataTable, RowLink, TablePager } from '../components/DataTable';
import { SearchForm } from '../components/SearchForm';
import { Loaded, TableSkeleton } from '../components/status';
import { Badge, buttonStyles, PageHeader, stickyEnd, tdDense as td } from '../components/ui';
import { readPage } from '../list-params';
import { notifyError, notifySuccess } from '../toasts';
import {
  addToFeatured,
  productKeys,
  productsPageQuery,
  PRODUCT_ERRORS,
  PRODUCTS_PAGE_SIZE,
  setPublished,
  type ProductPage,
} from './api';
import { markStale } from '../query-client';

export function ProductsListPage() {
  usePageTitle('Products');
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const page = readPage(params);
  const pageQuery = productsPageQuery({ limit: PRODUCTS_PAGE_SIZE, offset: (page - 1) * PRODUCTS_PAGE_SIZE, search });
  const products = useQuery(pageQuery);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Record<number, boolean>>({});

  function go(next: { page?: number; search?: string }) {
    const copy = new URLSearchParams(params);
    const nextSearch = next.search ?? search;
    if (nextSearch) copy.set('search', nextSearch);
    else copy.delete('search');
    const nextPage = next.page ?? 1;
    if (nextPage > 1) copy.set('page', String(nextPage));
    else copy.delete('page');
    setParams(copy);
  }

  async function run(product: AdminProduct, action: () => Promise<void>) {
    setBusy((b) => ({ ...b, [product.id]: true }));
    try {
      await action();
    } finally {
      setBusy((b) => ({ ...b, [product.id]: false }));
    }
  }

  // The row changes in place at once; other pages and the product's own record are asked again when shown.
  const replace = (next: AdminProduct) => {
    queryClient.setQueryData(
      pageQuery.queryKey,
      (data: ProductPage | undefined) =>
        data && { ...data, items: data.items.map((p) => (p.id === next.id ? next : p)) },
    );
    markStale(queryClient, productKeys.all);
  };

  const togglePublished = (product: AdminProduct) =>
    run(product, async () => {
      const publish = !product.published;
      try {
        const updated = await setPublished(product.id, publish);
        replace(
          updated && typeof updated === 'object' && 'id' in updated
            ? updated
            : { ...product, published: publish, featured: publish && product.featured },
        );
        notifySuccess(publish ? 'Product published' : 'Product unpublished');
      } catch (error) {
        notifyError(errorMessage(error, publish ? PRODUCT_ERRORS.publish : PRODUCT_ERRORS.unpublish));
      }
    });

  const feature = (product: AdminProduct) =>
    run(product, async () => {
      try {
        await addToFeatured(product.id);
        replace({ ...product, featured: true });
        notifySuccess('Product added to featured list!');
      } catch (error) {
        notifyError(errorMessage(error, PRODUCT_ERRORS.feature));
      }
    });

  return (
    <section>
      <PageHeader
        title="Products"
        action={
          <Link to="/admin/create-product" className={buttonStyles.primary}>
            Create Product
          </Link>
        }
      />
      <SearchForm label="Search products" value={search} onSearch={(next) => go({ search: next, page: 1 })} />
      <Loaded
        resource={products}
        fallback={PRODUCT_ERRORS.list}
        skeleton={<TableSkeleton rows={8} />}
        isEmpty={(data) => data.items.length === 0}
        empty={search ? `No products match “${search}”.` : 'No products yet.'}
      >
        {(data) => (
          <>
            <p className="mb-2 text-sm text-stone-600" aria-live="polite">
              {`${data.total} product${data.total === 1 ? '' : 's'}${search ? ` matching “${search}”` : ''}`}
            </p>
            <DataTable
              label="Products"
              minWidth="min-w-[60rem]"
              columns={['Product name', 'Shop', 'Category', { label: 'Price', right: true }, 'Status', 'Published']}
              actions="Actions"
              dense
              stickyActions
            >
              {data.items.map((product) => (
                <tr key={product.id} data-testid={`product-row-${product.id}`}>
                  <td className={`${td} min-w-40 font-medium`}>{product.name}</td>
                  <td className={`${td} min-w-28`}>{product.shop_name || 'Unknown'}</td>
                  <td className={`${td} min-w-28`}>
                    {product.category_name || <span className="text-stone-500">—</span>}
                  </td>
                  <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                    {formatMoney(product.price)}
                    {/* Under the price rather than a column of its own: only items bought from sellers have one. */}
                    {product.buying_price !== null && (
                      <span className="block text-xs text-stone-600">{`Bought ${formatMoney(product.buying_price)}`}</span>
                    )}
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    {product.sold ? 'Sold' : product.reserved ? 'Reserved' : 'Available'}
                  </td>
                  <td className={td}>
                    <Badge tone={product.published ? 'green' : 'grey'}>
                      {product.published ? 'Published' : 'Unpublished'}
                    </Badge>
                  </td>
                  <td className={`${td} ${stickyEnd} bg-white text-right`}>
                    <div className="flex justify-end gap-1.5">
                      <RowLink to={`/admin/products/${product.id}`} label={`View ${product.name}`}>
                        View
                      </RowLink>
                      <button
                        type="button"
                        className={buttonStyles.secondarySmall}
                        disabled={!product.published || product.sold || product.featured || busy[product.id]}
                        title={
                          !product.published
                            ? 'Only published products can be featured'
                            : product.sold
                              ? 'A sold product cannot be featured'
                              : product.featured
                                ? 'Already featured'
                                : undefined
                        }
                        aria-label={product.featured ? `Featured ${product.name}` : `Add to Featured ${product.name}`}
                        onClick={() => void feature(product)}
                      >
                        {product.featured ? 'Featured' : 'Add to Featured'}
                      </button>
                      <button
                        type="button"
                        className={`${product.published ? buttonStyles.secondarySmall : buttonStyles.quietSmall} min-w-[5.5rem]`}
                        disabled={busy[product.id]}
                        aria-label={`${product.published ? 'Unpublish' : 'Publish'} ${product.name}`}
                        onClick={() => void togglePublished(product)}
                      >
                        {product.published ? 'Unpublish' : 'Publish'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
            <TablePager
              page={page}
              total={data.total}
              size={PRODUCTS_PAGE_SIZE}
              onPage={(p) => go({ page: p })}
              label="Products pages"
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
