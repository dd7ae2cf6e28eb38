import type { AdminProduct } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';
import { NO_DEVICE } from '../test/devices';

afterEach(() => vi.restoreAllMocks());

const shops = {
  shops: [
    {
      id: 1,
      name: 'Lilongwe City Mall',
      address: 'Area 3',
      town: 'Lilongwe',
      hours: 'Mon-Sat 8-17',
      contact: 'Mon-Sat 8-17',
      phone: null,
      delivery_fee: null,
    },
  ],
  total: 1,
  limit: 100,
  offset: 0,
};
const categories = {
  categories: [{ id: 1, name: 'SmartPhones', description: null, parent_id: null, parent: null }],
  total: 1,
  limit: 100,
  offset: 0,
};

const product: AdminProduct = {
  id: 5,
  name: 'Samsung Galaxy A14',
  shop_id: 1,
  shop_name: 'Lilongwe City Mall',
  category_id: 1,
  category_name: 'SmartPhones',
  price: 210000,
  sale_price: null,
  buying_price: null,
  floor_price: null,
  accept_price: null,
  currency: 'MWK',
  description: 'Charger included',
  location: 'Lilongwe',
  published: true,
  sold: false,
  reserved: false,
  featured: false,
  images: [],
  condition: 'good',
  warranty_days: 90,
  battery_health: 88,
  brand: 'Samsung',
  storage_gb: 64,
  ram_gb: 4,
  device: NO_DEVICE,
  created_at: '2025-08-01T10:00:00.000Z',
  updated_at: '2025-08-01T10:00:00.000Z',
};

function routes(write: RegExp, answer: AdminProduct = product) {
  return mockApi([
    [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
    [/^GET \/api\/admin\/products\/5$/, () => json(product)],
    [/^GET \/api\/admin\/shops\?/, () => json(shops)],
    [/^GET \/api\/admin\/categories\?/, () => json(categories)],
    [write, () => json(answer)],
    [/^GET \/api\/admin\/products\?/, () => json({ products: [], total: 0, limit: 50, offset: 0 })],
  ]);
}
const sent = (fetchSpy: ReturnType<typeof routes>, method: string) => {
  const body = fetchSpy.mock.calls.find(([, init]) => init?.method === method)![1]!.body as FormData;
  return {
    condition: body.get('condition'),
    warranty_days: body.get('warranty_days'),
    battery_health: body.get('battery_health'),
  };
};

describe('product forms: condition, warranty and battery health', () => {
  it('edit shows what is stated and sends corrections', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = routes(/^PUT \/api\/admin\/products\/5$/);
    renderAdmin('/admin/products/5');
    await screen.findByLabelText('Price (MWK)');
    expect(screen.getByRole('radio', { name: 'Good' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Good' })).toHaveAccessibleDescription(
      'Light signs of use such as small scratches; everything works.',
    );
    expect(screen.getByLabelText('Warranty (days)')).toHaveValue('90');
    expect(screen.getByLabelText('Battery health (%)')).toHaveValue('88');

    await user.click(screen.getByRole('radio', { name: 'Fair' }));
    await retype(user, 'Warranty (days)', '0');
    await retype(user, 'Battery health (%)', '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    // A cleared field goes as '' (cleared), not left out (which would keep the stored value).
    expect(sent(fetchSpy, 'PUT')).toEqual({ condition: 'fair', warranty_days: '0', battery_health: '' });
  });

  it('edit can set an item back to not graded', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = routes(/^PUT \/api\/admin\/products\/5$/);
    renderAdmin('/admin/products/5');
    await screen.findByLabelText('Price (MWK)');
    await user.click(screen.getByRole('radio', { name: 'Not graded' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    expect(sent(fetchSpy, 'PUT')).toEqual({ condition: '', warranty_days: '90', battery_health: '88' });
  });

  it('refuses numbers out of range under their fields, sending nothing', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = routes(/^PUT \/api\/admin\/products\/5$/);
    renderAdmin('/admin/products/5');
    await screen.findByLabelText('Price (MWK)');
    await retype(user, 'Warranty (days)', '4000');
    await retype(user, 'Battery health (%)', '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Warranty must be a whole number of days from 0 to 3650')).toBeInTheDocument();
    expect(screen.getByText('Battery health must be a whole percent from 1 to 100')).toBeInTheDocument();
    expect(screen.getByLabelText('Warranty (days)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('create sends the grade and numbers typed; a product may be left not graded', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = routes(/^POST \/api\/admin\/products\/create$/);
    renderAdmin('/admin/create-product');
    await screen.findByLabelText('Item Name');
    expect(screen.getByRole('radio', { name: 'Not graded' })).toBeChecked();
    await retype(user, 'Item Name', 'iPhone 12 64GB');
    await retype(user, 'Description', 'Unlocked');
    await retype(user, 'Price or Value', '720000');
    await user.selectOptions(screen.getByLabelText('Category'), '1');
    await user.selectOptions(screen.getByLabelText('Shop'), '1');
    await user.click(screen.getByRole('radio', { name: 'Like new' }));
    await retype(user, 'Warranty (days)', '30');
    await retype(user, 'Battery health (%)', '91');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(sent(fetchSpy, 'POST')).toEqual({ condition: 'like_new', warranty_days: '30', battery_health: '91' });
  });
});

describe('product forms: device (decision 0057)', () => {
  it('edit saves the Device section on its own and shows who checked', async () => {
    const user = userEvent.setup();
    signIn();
    const device = {
      ...NO_DEVICE,
      imeis: ['356938035643809'],
      ceir: 'compliant' as const,
      ceir_checked_by: 'Chikondi',
      ceir_checked_at: '2026-11-26T08:05:00.000Z',
    };
    const fetchSpy = routes(/^PUT \/api\/admin\/products\/5\/device$/, { ...product, device });
    renderAdmin('/admin/products/5');
    await screen.findByLabelText('Price (MWK)');
    const form = within(screen.getByRole('form', { name: 'Device' }));
    await user.type(form.getByRole('textbox', { name: 'IMEI' }), '356938035643809');
    await user.selectOptions(form.getByRole('combobox', { name: 'MACRA CEIR check' }), 'compliant');
    await user.click(form.getByRole('button', { name: 'Save device' }));
    expect(await screen.findByText('Device saved')).toBeInTheDocument();
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ imeis: ['356938035643809'], ceir: 'compliant' });
    expect(await screen.findByText('Checked by Chikondi on 26 Nov 2026, 10:05 am')).toBeInTheDocument();
  });

  it('create sends the IMEIs comma-separated with the CEIR result', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = routes(/^POST \/api\/admin\/products\/create$/);
    renderAdmin('/admin/create-product');
    await screen.findByLabelText('Item Name');
    await retype(user, 'Item Name', 'Samsung Galaxy A54');
    await retype(user, 'Description', 'Dual SIM');
    await retype(user, 'Price or Value', '520000');
    await user.selectOptions(screen.getByLabelText('Category'), '1');
    await user.selectOptions(screen.getByLabelText('Shop'), '1');
    await retype(user, 'IMEI', '35-693803-564380-9');
    await retype(user, 'Second IMEI (dual-SIM)', '490154203237518');
    await user.selectOptions(screen.getByLabelText('MACRA CEIR check'), 'compliant');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    const body = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body as FormData;
    expect([body.get('imeis'), body.get('ceir')]).toEqual(['356938035643809,490154203237518', 'compliant']);
  });
});

describe('product forms: brand, storage and RAM (decision 0069)', () => {
  const specsSent = (fetchSpy: ReturnType<typeof routes>, method: string) => {
    const body = fetchSpy.mock.calls.find(([, init]) => init?.method === method)![1]!.body as FormData;
    return { brand: body.get('brand'), storage_gb: body.get('storage_gb'), ram_gb: body.get('ram_gb') };
  };

  it('create prefills them from the name as it is typed, and keeps what staff changed', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = routes(/^POST \/api\/admin\/products\/create$/);
    renderAdmin('/admin/create-product');
    await screen.findByLabelText('Item Name');
    expect(screen.getByLabelText('Brand')).toHaveValue('');
    await retype(user, 'Item Name', 'HP EliteBook 840 G5, 8GB RAM, 256GB SSD');
    expect(screen.getByLabelText('Brand')).toHaveValue('HP');
    expect(screen.getByLabelText('Storage (GB)')).toHaveValue('256');
    expect(screen.getByLabelText('RAM (GB)')).toHaveValue('8');
    await retype(user, 'RAM (GB)', '16');
    await retype(user, 'Item Name', 'HP EliteBook 840 G5, 8GB RAM, 1TB SSD');
    expect(screen.getByLabelText('Storage (GB)')).toHaveValue('1024');
    expect(screen.getByLabelText('RAM (GB)')).toHaveValue('16');
    await retype(user, 'Description', 'Charger included');
    await retype(user, 'Price or Value', '520000');
    await user.selectOptions(screen.getByLabelText('Category'), '1');
    await user.selectOptions(screen.getByLabelText('Shop'), '1');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
    expect(specsSent(fetchSpy, 'POST')).toEqual({ brand: 'HP', storage_gb: '1024', ram_gb: '16' });
  });

  it('edit shows what is stated, prefills only what is not, and refuses a size that is not a number', async () => {
    const user = userEvent.setup();
    signIn();
    const unstated = { ...product, name: 'iPhone 12 64GB', brand: null, storage_gb: null, ram_gb: 4 };
    const fetchSpy = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/products\/5$/, () => json(unstated)],
      [/^GET \/api\/admin\/shops\?/, () => json(shops)],
      [/^GET \/api\/admin\/categories\?/, () => json(categories)],
      [/^PUT \/api\/admin\/products\/5$/, () => json(unstated)],
      [/^GET \/api\/admin\/products\?/, () => json({ products: [], total: 0, limit: 50, offset: 0 })],
    ]);
    renderAdmin('/admin/products/5');
    await screen.findByLabelText('Price (MWK)');
    expect(screen.getByLabelText('Brand')).toHaveValue('Apple');
    expect(screen.getByLabelText('Storage (GB)')).toHaveValue('64');
    expect(screen.getByLabelText('RAM (GB)')).toHaveValue('4');
    await retype(user, 'Storage (GB)', 'lots');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Storage must be a whole number of GB from 1 to 65536')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await retype(user, 'Storage (GB)', '128');
    await retype(user, 'RAM (GB)', '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(specsSent(fetchSpy, 'PUT')).toEqual({ brand: 'Apple', storage_gb: '128', ram_gb: '' });
  });
});
