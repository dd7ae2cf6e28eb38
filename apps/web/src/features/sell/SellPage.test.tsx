import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render';
import { SellPage } from './SellPage';
import { SellSuccessPage } from './SellSuccessPage';

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:test/${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function renderSell() {
  return renderWithRouter(
    <Routes>
      <Route path="/sell" element={<SellPage />} />
      <Route path="/sell/success" element={<SellSuccessPage />} />
    </Routes>,
    '/sell',
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Submit item|Submitting/ }));
const preview = () => within(screen.getByRole('region', { name: 'Preview' }));
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

/** The message is rendered under the field and announced as its description. */
function expectMessageUnder(label: string, message: string) {
  const input = field(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
  expect(described).toContain(message);
}

function fillValid() {
  type('Item name', 'Samsung Galaxy A14');
  type('Description', 'Good condition, 64 GB, charger included.');
  type('Price or value (MWK)', '185000');
  type('Your name', 'Chikondi Banda');
  type('Phone number', '+265 999 123 456');
  type('Email address', 'chikondi@example.mw');
  type('Location', 'Lilongwe, Area 47');
}

describe('/sell form', () => {
  it('shows the placeholders in the preview and replaces them with what is typed', () => {
    mockApi([]);
    renderSell();
    expect(screen.getByRole('heading', { level: 1, name: 'Sell or offer us your item' })).toBeTruthy();
    for (const text of ['Item Name', 'MWK 12,000.00', 'Lilongwe', 'Item description goes here']) expect(preview().getByText(text)).toBeTruthy();

    type('Item name', 'iPhone 12');
    type('Price or value (MWK)', '720000');
    type('Location', 'Blantyre');
    type('Description', 'Unlocked, battery 84%.');
    for (const text of ['iPhone 12', 'MWK 720,000', 'Blantyre', 'Unlocked, battery 84%.']) expect(preview().getByText(text)).toBeTruthy();
    expect(preview().queryByText('Item Name')).toBeNull();
  });

  it('has the three checkboxes with their defaults', () => {
    mockApi([]);
    renderSell();
    expect(field('Notify me when an offer is made').checked).toBe(true);
    expect(field('I accept the terms and conditions').checked).toBe(true);
    expect(field('Create a seller account for me').checked).toBe(false);
  });

  it('shows every validation message of spec 5 under its field and sends nothing', async () => {
    const fetchSpy = mockApi([]);
    renderSell();
    fireEvent.click(field('I accept the terms and conditions'));
    submit();
    const required: [string, string][] = [
      ['Item name', 'Item name is required'],
      ['Description', 'Description is required'],
      ['Price or value (MWK)', 'Price is required'],
      ['Your name', 'Your name is required'],
      ['Phone number', 'Phone number is required'],
      ['Email address', 'Email is required'],
      ['Location', 'Location is required'],
      ['I accept the terms and conditions', 'You must accept the terms'],
    ];
    expect(await screen.findByText('Item name is required')).toBeTruthy();
    for (const [label, message] of required) expectMessageUnder(label, message);

    type('Description', 'x'.repeat(501));
    type('Price or value (MWK)', '12,000');
    type('Phone number', 'call me');
    type('Email address', 'chikondi@');
    submit();
    expect(await screen.findByText('Description must be under 500 characters')).toBeTruthy();
    expectMessageUnder('Description', 'Description must be under 500 characters');
    expectMessageUnder('Price or value (MWK)', 'Price must contain only numbers');
    expectMessageUnder('Phone number', 'Invalid phone number');
    expectMessageUnder('Email address', 'Invalid email');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("reads 'Submitting...' while sending, sends the multipart body, then opens /sell/success with the reference", async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = mockApi([[/^POST \/api\/v1\/sells$/, () => new Promise<Response>((resolve) => (answer = resolve))]]);
    renderSell();
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [png('front.png'), png('back.png')] } });
    fillValid();
    fireEvent.click(field('Create a seller account for me'));
    submit();
    const button = await screen.findByRole('button', { name: 'Submitting...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);

    const body = fetchSpy.mock.calls[0]![1]!.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'images'))).toEqual({
      item_name: 'Samsung Galaxy A14',
      description: 'Good condition, 64 GB, charger included.',
      price: '185000',
      seller_name: 'Chikondi Banda',
      phone: '+265 999 123 456',
      email: 'chikondi@example.mw',
      location: 'Lilongwe, Area 47',
      notify_on_offer: 'true',
      terms_accepted: 'true',
      create_seller_account: 'true',
    });
    expect(body.getAll('images').map((file) => (file as File).name)).toEqual(['front.png', 'back.png']);

    const token = 'Sx7_status-link-token-0000000001';
    await act(async () => answer(json({ id: 9, status: 'Pending', message: 'Item successfully submitted!', reference: 'S-7QK2M', status_token: token }, 201)));
    expect(await screen.findByRole('heading', { name: 'Item successfully submitted!' })).toBeTruthy();
    expect(screen.getByTestId('sell-reference').textContent).toBe('S-7QK2M');
    expect(screen.getByRole('link', { name: 'Keep this link to follow your item' }).getAttribute('href')).toBe(`/sell/status/${token}`);
    // Kept for a reload of /sell/success.
    expect(JSON.parse(window.sessionStorage.getItem('sell-submitted') ?? 'null')).toEqual({ reference: 'S-7QK2M', status_token: token, in_account: false });
    // No seller session: the submission goes without a bearer.
    expect(new Headers(fetchSpy.mock.calls[0]![1]!.headers).get('Authorization')).toBeNull();
  });

  it("sends a logged-in seller's session, so the item goes into their account", async () => {
    window.localStorage.setItem('sellerToken', 'seller-session-token-000000000001');
    const fetchSpy = mockApi([[/^POST \/api\/v1\/sells$/, () => json({ id: 9, status: 'Pending', message: 'Item successfully submitted!', reference: 'S-7QK2M', status_token: 'Sx7_status-link-token-0000000001', in_account: true }, 201)]]);
    renderSell();
    fillValid();
    submit();
    expect(await screen.findByText(/This item is in your seller account/)).toBeTruthy();
    expect(new Headers(fetchSpy.mock.calls[0]![1]!.headers).get('Authorization')).toBe('Bearer seller-session-token-000000000001');
    window.localStorage.removeItem('sellerToken');
  });

  it("toasts the server's message and keeps everything typed and the pictures", async () => {
    mockApi([[/^POST \/api\/v1\/sells$/, () => json({ message: 'Too many submissions from your network. Please try again in an hour.' }, 429)]]);
    renderSell();
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [png('front.png'), png('back.png')] } });
    fillValid();
    submit();
    expect(await screen.findByText('Too many submissions from your network. Please try again in an hour.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit item' })).toBeTruthy());
    expect(field('Item name').value).toBe('Samsung Galaxy A14');
    expect(field('Email address').value).toBe('chikondi@example.mw');
    expect(field('Location').value).toBe('Lilongwe, Area 47');
    expect(within(screen.getByRole('list', { name: 'Selected images' })).getAllByRole('img')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Item successfully submitted!' })).toBeNull();
  });

  it("falls back to 'Something went wrong' and puts the server's field messages under the fields", async () => {
    mockApi([
      [/^POST \/api\/v1\/sells$/, () => json({ message: 'Invalid email', errors: { email: 'Invalid email' } }, 400)],
    ]);
    renderSell();
    fillValid();
    submit();
    await waitFor(() => expectMessageUnder('Email address', 'Invalid email'));

    vi.restoreAllMocks();
    mockApi([[/^POST \/api\/v1\/sells$/, () => new Response('<html>bad gateway</html>', { status: 502 })]]);
    submit();
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(field('Your name').value).toBe('Chikondi Banda');
  });
});

describe('/sell keeps what was typed', () => {
  const kept = () => JSON.parse(window.sessionStorage.getItem('sell-draft') ?? 'null') as Record<string, unknown> | null;

  it('brings the typed fields back when the page opens again in the tab, but not the photos', () => {
    mockApi([]);
    const first = renderSell();
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [png('front.png')] } });
    fillValid();
    fireEvent.click(field('Create a seller account for me'));
    first.unmount();

    expect(kept()).toMatchObject({ item_name: 'Samsung Galaxy A14', phone: '+265 999 123 456', create_seller_account: true });
    expect(Object.keys(kept() ?? {})).not.toContain('images');
    renderSell();
    expect(field('Item name').value).toBe('Samsung Galaxy A14');
    expect(field('Description').value).toBe('Good condition, 64 GB, charger included.');
    expect(field('Price or value (MWK)').value).toBe('185000');
    expect(field('Your name').value).toBe('Chikondi Banda');
    expect(field('Email address').value).toBe('chikondi@example.mw');
    expect(field('Location').value).toBe('Lilongwe, Area 47');
    expect(field('Create a seller account for me').checked).toBe(true);
    expect(preview().getByText('Samsung Galaxy A14')).toBeTruthy();
    // Files cannot be kept in storage: the seller picks them again.
    expect(screen.queryByRole('list', { name: 'Selected images' })).toBeNull();
  });

  it('keeps the draft through a failed submission and forgets it once the item is sent', async () => {
    let refuse = true;
    mockApi([
      [
        /^POST \/api\/v1\/sells$/,
        () =>
          refuse
            ? json({ message: 'Something went wrong' }, 503)
            : json({ id: 9, status: 'Pending', message: 'Item successfully submitted!', reference: 'S-7QK2M', status_token: 'Sx7_status-link-token-0000000001' }, 201),
      ],
    ]);
    const first = renderSell();
    fillValid();
    submit();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit item' })).toBeTruthy());
    expect(kept()).toMatchObject({ item_name: 'Samsung Galaxy A14' });

    refuse = false;
    submit();
    expect(await screen.findByRole('heading', { name: 'Item successfully submitted!' })).toBeTruthy();
    expect(kept()).toBeNull();
    first.unmount();
    renderSell();
    expect(field('Item name').value).toBe('');
  });

  it('ignores a damaged draft', () => {
    window.sessionStorage.setItem('sell-draft', JSON.stringify({ item_name: 42, phone: '0999 123 456', notify_on_offer: 'yes' }));
    mockApi([]);
    renderSell();
    expect(field('Item name').value).toBe('');
    expect(field('Phone number').value).toBe('0999 123 456');
    expect(field('Notify me when an offer is made').checked).toBe(true);
    window.sessionStorage.setItem('sell-draft', '{not json');
    cleanup();
    renderSell();
    expect(field('Phone number').value).toBe('');
  });
});
