import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepPhoneToken } from '../../lib/phone-proofs';
import { json, mockApi } from '../../test/fetch-mock';
import { AlertButton } from './AlertButton';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const TOKEN = `265999123456.${Math.floor(Date.now() / 1000) + 86_400}.c2lnbmF0dXJl`;
const NEW_TOKEN = `265999123456.${Math.floor(Date.now() / 1000) + 2 * 86_400}.bmV3`;
const unverified = (message: string) =>
  json({ status: 403, title: 'Forbidden', detail: message, message, code: 'phone_unverified' }, 403);
const set = (token?: string) =>
  json({ kind: 'item', phone: '+265999123456', expires_at: '2026-09-01T08:00:00Z', phone_token: token }, 201);
const bodies = (spy: ReturnType<typeof mockApi>, path: string) =>
  spy.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

const ITEM = 'Tell me if the price drops or it is back on sale';

describe('alert dialog', () => {
  it('loads on the first tap, asks for the SMS code, sets the alert and keeps the phone token', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const spy = mockApi([
      [/POST \/api\/v1\/phone-codes$/, () => json({ phone: '+265999123456', expires_at: '2026-06-01T08:10:00Z' }, 202)],
      [
        /POST \/api\/v1\/alerts$/,
        (_url, init) => {
          calls++;
          const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
          if (!body.phone_code) return unverified('Enter the 6-digit code we send by SMS to reserve these items.');
          return set(NEW_TOKEN);
        },
      ],
    ]);
    render(<AlertButton target={{ kind: 'item', product_id: 7 }} label={ITEM} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ITEM }));
    const dialog = await screen.findByRole('dialog', { name: ITEM });
    expect(dialog).toBeInTheDocument();

    await user.type(screen.getByLabelText('Your phone number'), '0999 123 456');
    await user.click(screen.getByRole('button', { name: 'Tell me' }));
    const code = await screen.findByLabelText(
      'We sent a 6-digit code by SMS to +265 999 123 456. Enter it to set the alert.',
    );
    expect(bodies(spy, '/api/v1/phone-codes')).toEqual([{ phone: '+265999123456' }]);
    // No code typed: said at once, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Tell me' }));
    expect(await screen.findByText('Enter the 6-digit code from the SMS')).toBeInTheDocument();
    expect(calls).toBe(1);

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Tell me' }));
    expect(await screen.findByRole('dialog', { name: 'Alert set' })).toHaveTextContent(
      'We will send an SMS to +265 999 123 456',
    );
    expect(bodies(spy, '/api/v1/alerts').at(-1)).toEqual({
      phone: '+265999123456',
      phone_code: '123456',
      kind: 'item',
      product_id: 7,
    });
    expect(JSON.parse(localStorage.getItem('phone-proofs') ?? '{}')).toEqual({ '+265999123456': NEW_TOKEN });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers the phone proved before and sends its token: no code, and a search’s filters as numbers', async () => {
    const user = userEvent.setup();
    keepPhoneToken('+265999123456', TOKEN);
    const spy = mockApi([[/POST \/api\/v1\/alerts$/, () => set()]]);
    render(
      <AlertButton
        target={{
          kind: 'search',
          query: 'samsung a54',
          filters: { max_price: '300000', town: 'Zomba', sort: 'price_asc' },
        }}
        label="Tell me when one arrives"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Tell me when one arrives' }));
    expect(await screen.findByLabelText('Your phone number')).toHaveValue('+265 999 123 456');
    await user.click(screen.getByRole('button', { name: 'Tell me' }));
    await screen.findByRole('dialog', { name: 'Alert set' });
    expect(bodies(spy, '/api/v1/alerts')).toEqual([
      {
        phone: '+265999123456',
        phone_token: TOKEN,
        kind: 'search',
        query: 'samsung a54',
        max_price: 300000,
        town: 'Zomba',
      },
    ]);
  });

  it('says why when refused, and keeps the dialog open with what was typed', async () => {
    const user = userEvent.setup();
    keepPhoneToken('+265999123456', TOKEN);
    const message = 'This phone has 20 alerts already. Stop some of them from an alert SMS first.';
    mockApi([[/POST \/api\/v1\/alerts$/, () => json({ status: 429, title: 'Too Many Requests', message }, 429)]]);
    render(<AlertButton target={{ kind: 'item', product_id: 7 }} label={ITEM} />);
    await user.click(screen.getByRole('button', { name: ITEM }));
    await user.click(await screen.findByRole('button', { name: 'Tell me' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: ITEM })).toBeInTheDocument();
    expect(screen.getByLabelText('Your phone number')).toHaveValue('+265 999 123 456');
  });

  it('refuses a number that is not a Malawi one before sending anything', async () => {
    const user = userEvent.setup();
    const spy = mockApi([]);
    render(<AlertButton target={{ kind: 'item', product_id: 7 }} label={ITEM} />);
    await user.click(screen.getByRole('button', { name: ITEM }));
    await user.type(await screen.findByLabelText('Your phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Tell me' }));
    expect(await screen.findByText('Enter a Malawi phone number: +265 or 0 followed by 9 digits')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });
});
