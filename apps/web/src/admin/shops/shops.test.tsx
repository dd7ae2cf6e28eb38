import type { Shop } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';

afterEach(() => vi.restoreAllMocks());

const me: [RegExp, () => Response] = [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)];

function aShop(overrides: Partial<Shop> = {}): Shop {
  return {
    id: 3,
    name: 'Lilongwe City Mall',
    address: 'Area 3, Kenyatta Drive',
    town: 'Lilongwe',
    hours: 'Mon-Sat 8:00-17:00',
    contact: 'Mon-Sat 8:00-17:00',
    phone: '+265999123456',
    delivery_fee: 5000,
    ...overrides,
  };
}

describe('shop form', () => {
  it('checks town, hours, phone and delivery fee with the shared messages, then sends the new fields', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      me,
      [/^POST \/api\/admin\/shops$/, () => json(aShop({ id: 9 }), 201)],
      [/^GET \/api\/admin\/shops\?/, () => json({ shops: [], total: 0, limit: 100, offset: 0 })],
    ]);
    renderAdmin('/admin/shops/create');
    await screen.findByRole('heading', { name: 'Create Shop' });
    expect(screen.getByText('+265 or 0 followed by 9 digits; a mobile gets a WhatsApp button')).toBeInTheDocument();
    expect(screen.getByText('Leave empty if the fee is agreed on the phone')).toBeInTheDocument();

    await retype(user, 'Phone (optional)', '12345');
    await retype(user, 'Delivery fee (MWK, optional)', '5k');
    await user.click(screen.getByRole('button', { name: 'Create Shop' }));
    for (const message of [
      'Shop name is required',
      'Address is required',
      'Town is required',
      'Opening hours are required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByText('Enter a Malawi phone number: +265 or 0 followed by 9 digits')).toBeInTheDocument();
    expect(screen.getByText('Delivery fee must contain only numbers')).toBeInTheDocument();
    expect(screen.getByLabelText('Town')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await retype(user, 'Name', 'Zomba Market Shop');
    await retype(user, 'Address', 'Chinamwali Road');
    await retype(user, 'Town', 'Zomba');
    await retype(user, 'Hours', 'Mon-Fri 8-17');
    await retype(user, 'Phone (optional)', '0888 234 567');
    await retype(user, 'Delivery fee (MWK, optional)', '');
    await user.click(screen.getByRole('button', { name: 'Create Shop' }));
    expect(await screen.findByText('Shop created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/shops'));
    const call = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      name: 'Zomba Market Shop',
      address: 'Chinamwali Road',
      town: 'Zomba',
      hours: 'Mon-Fri 8-17',
      phone: '+265888234567',
      delivery_fee: null,
    });
  });

  it('opens a shop with its values and puts the server’s field message under the field', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      me,
      [/^GET \/api\/admin\/shops\/3$/, () => json(aShop())],
      [
        /^PUT \/api\/admin\/shops\/3$/,
        () => json({ message: 'Validation failed', errors: { town: 'Town is required' } }, 400),
      ],
    ]);
    renderAdmin('/admin/shops/3');
    await waitFor(() => expect(screen.getByLabelText('Town')).toHaveValue('Lilongwe'));
    expect(screen.getByLabelText('Hours')).toHaveValue('Mon-Sat 8:00-17:00');
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('+265 999 123 456');
    expect(screen.getByLabelText('Delivery fee (MWK, optional)')).toHaveValue('5000');

    await retype(user, 'Delivery fee (MWK, optional)', '7500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Town is required')).toBeInTheDocument();
    // Refused: nothing typed is lost.
    expect(screen.getByLabelText('Delivery fee (MWK, optional)')).toHaveValue('7500');
    const call = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({
      town: 'Lilongwe',
      phone: '+265999123456',
      delivery_fee: 7500,
    });
  });
});

describe('shops list', () => {
  it('shows name, address, town, hours and phone', async () => {
    signIn();
    mockApi([
      me,
      [
        /^GET \/api\/admin\/shops\?limit=100&offset=0$/,
        () =>
          json({
            shops: [aShop(), aShop({ id: 4, name: 'Mzuzu Shop', town: 'Mzuzu', phone: null })],
            total: 2,
            limit: 100,
            offset: 0,
          }),
      ],
    ]);
    renderAdmin('/admin/shops');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Address', 'Town', 'Hours', 'Phone', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 5),
    ).toEqual(['Lilongwe City Mall', 'Area 3, Kenyatta Drive', 'Lilongwe', 'Mon-Sat 8:00-17:00', '+265 999 123 456']);
    expect(within(second!).getAllByRole('cell')[4]!.textContent).toBe('—');
  });
});
