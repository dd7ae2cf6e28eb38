import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Route, Routes } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render';
import { retype } from '../../test/typing';
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

const field = (label: string) => screen.getByLabelText(label);
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: /Submit item|Submitting/ }));
const photos = () => screen.getByLabelText('Photos of your item');
const preview = () => within(screen.getByRole('region', { name: 'Preview' }));
const png = (name: string) => new File(['png'], name, { type: 'image/png' });
/** The submission among the calls (the price estimate asks too, once a name and a grade are typed). */
const sellCall = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).endsWith('/v1/sells'))!;

/** The message is rendered under the field and announced as its description. */
function expectMessageUnder(label: string, message: string) {
  const input = field(label);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);
  expect(described).toContain(message);
}

async function fillValid(user: UserEvent) {
  await retype(user, 'Item name', 'Samsung Galaxy A14');
  await retype(user, 'Description', 'Good condition, 64 GB, charger included.');
  await retype(user, 'Price or value (MWK)', '185000');
  await user.click(screen.getByRole('radio', { name: 'Good' }));
  await retype(user, 'Your name', 'Chikondi Banda');
  await retype(user, 'Phone number', '+265 999 123 456');
  await retype(user, 'Email address', 'chikondi@example.mw');
  await retype(user, 'Location', 'Lilongwe, Area 47');
}

describe('/sell form', () => {
  it('shows the placeholders in the preview and replaces them with what is typed', async () => {
    const user = userEvent.setup();
    mockApi([]);
    renderSell();
    expect(screen.getByRole('heading', { level: 1, name: 'Sell or offer us your item' })).toBeInTheDocument();
    for (const text of ['Item Name', 'MWK 12,000.00', 'Lilongwe', 'Item description goes here'])
      expect(preview().getByText(text)).toBeInTheDocument();

    await retype(user, 'Item name', 'iPhone 12');
    await retype(user, 'Price or value (MWK)', '720000');
    await retype(user, 'Location', 'Blantyre');
    await retype(user, 'Description', 'Unlocked, battery 84%.');
    for (const text of ['iPhone 12', 'MWK 720,000', 'Blantyre', 'Unlocked, battery 84%.'])
      expect(preview().getByText(text)).toBeInTheDocument();
    expect(preview().queryByText('Item Name')).not.toBeInTheDocument();
  });

  it('has the three checkboxes with their defaults', () => {
    mockApi([]);
    renderSell();
    expect(field('Notify me when an offer is made')).toBeChecked();
    expect(field('I accept the terms and conditions')).toBeChecked();
    expect(field('Create a seller account for me')).not.toBeChecked();
  });

  it('shows every validation message under its field and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockApi([]);
    renderSell();
    await user.click(field('I accept the terms and conditions'));
    await submit(user);
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
    // The grade: each radio says the message, with its grade's definition.
    for (const grade of ['Like new', 'Good', 'Fair', 'For parts'])
      expect(screen.getByRole('radio', { name: grade })).toHaveAccessibleDescription(
        expect.stringContaining("Choose the item's condition"),
      );
    expect(await screen.findByText('Item name is required')).toBeInTheDocument();
    for (const [label, message] of required) expectMessageUnder(label, message);

    // The field's maxLength stops a person (and user-event) at 500 characters; set the value directly to
    // show the form's own limit behind it.
    fireEvent.input(field('Description'), { target: { value: 'x'.repeat(501) } });
    await retype(user, 'Price or value (MWK)', '12,000');
    await retype(user, 'Phone number', '12');
    await retype(user, 'Email address', 'chikondi@');
    await retype(user, 'Your name', '😀');
    await submit(user);
    expect(await screen.findByText('Description must be under 500 characters')).toBeInTheDocument();
    expectMessageUnder('Your name', 'Name must have at least two letters');
    expectMessageUnder('Description', 'Description must be under 500 characters');
    expectMessageUnder('Price or value (MWK)', 'Price must contain only numbers');
    expectMessageUnder('Phone number', 'Invalid phone number');
    expectMessageUnder('Email address', 'Invalid email');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("reads 'Submitting...' while sending, sends the multipart body, then opens /sell/success with the reference", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const fetchSpy = mockApi([
      [/^POST \/api\/v1\/sells$/, () => new Promise<Response>((resolve) => (answer = resolve))],
    ]);
    renderSell();
    await user.upload(photos(), [png('front.png'), png('back.png')]);
    await fillValid(user);
    await user.selectOptions(field('Category'), 'Gaming Consoles');
    await user.click(field('Create a seller account for me'));
    await submit(user);
    const button = await screen.findByRole('button', { name: 'Submitting...' });
    expect(button).toBeDisabled();

    await waitFor(() => expect(sellCall(fetchSpy)).toBeDefined());
    const body = sellCall(fetchSpy)[1]!.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'images'))).toEqual({
      // By name, as the storefront shows it (the server finds the category whatever its case).
      category: 'Gaming Consoles',
      item_name: 'Samsung Galaxy A14',
      description: 'Good condition, 64 GB, charger included.',
      price: '185000',
      condition: 'good',
      seller_name: 'Chikondi Banda',
      // Sent as the one phone rule stores it.
      phone: '+265999123456',
      email: 'chikondi@example.mw',
      location: 'Lilongwe, Area 47',
      notify_on_offer: 'true',
      terms_accepted: 'true',
      create_seller_account: 'true',
      request_id: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
    expect(body.getAll('images').map((file) => (file as File).name)).toEqual(['front.png', 'back.png']);

    const token = 'Sx7_status-link-token-0000000001';
    await act(async () =>
      answer(
        json(
          {
            id: 9,
            status: 'Pending',
            message: 'Item successfully submitted!',
            reference: 'S-7QK2M',
            status_token: token,
          },
          201,
        ),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Item successfully submitted!' })).toBeInTheDocument();
    expect(screen.getByTestId('sell-reference').textContent).toBe('S-7QK2M');
    expect(screen.getByRole('link', { name: 'Keep this link to follow your item' })).toHaveAttribute(
      'href',
      `/sell/status/${token}`,
    );
    // Kept for a reload of /sell/success.
    expect(JSON.parse(window.sessionStorage.getItem('sell-submitted') ?? 'null')).toEqual({
      reference: 'S-7QK2M',
      status_token: token,
      in_account: false,
    });
    // No seller session: the submission goes without a bearer.
    expect(new Headers(sellCall(fetchSpy)[1]!.headers).get('Authorization')).toBeNull();
  });

  it("sends a logged-in seller's session, so the item goes into their account", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('sellerToken', 'seller-session-token-000000000001');
    const fetchSpy = mockApi([
      [
        /^POST \/api\/v1\/sells$/,
        () =>
          json(
            {
              id: 9,
              status: 'Pending',
              message: 'Item successfully submitted!',
              reference: 'S-7QK2M',
              status_token: 'Sx7_status-link-token-0000000001',
              in_account: true,
            },
            201,
          ),
      ],
    ]);
    renderSell();
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText(/This item is in your seller account/)).toBeInTheDocument();
    expect(new Headers(sellCall(fetchSpy)[1]!.headers).get('Authorization')).toBe(
      'Bearer seller-session-token-000000000001',
    );
    window.localStorage.removeItem('sellerToken');
  });

  it("toasts the server's message and keeps everything typed and the pictures", async () => {
    const user = userEvent.setup();
    mockApi([
      [
        /^POST \/api\/v1\/sells$/,
        () => json({ message: 'Too many submissions from your network. Please try again in an hour.' }, 429),
      ],
    ]);
    renderSell();
    await user.upload(photos(), [png('front.png'), png('back.png')]);
    await fillValid(user);
    await submit(user);
    expect(
      await screen.findByText('Too many submissions from your network. Please try again in an hour.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit item' })).toBeInTheDocument());
    expect(field('Item name')).toHaveValue('Samsung Galaxy A14');
    expect(field('Email address')).toHaveValue('chikondi@example.mw');
    expect(field('Location')).toHaveValue('Lilongwe, Area 47');
    expect(within(screen.getByRole('list', { name: 'Selected images' })).getAllByRole('img')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Item successfully submitted!' })).not.toBeInTheDocument();
  });

  it("falls back to 'Something went wrong' and puts the server's field messages under the fields", async () => {
    const user = userEvent.setup();
    mockApi([
      [/^POST \/api\/v1\/sells$/, () => json({ message: 'Invalid email', errors: { email: 'Invalid email' } }, 400)],
    ]);
    renderSell();
    await fillValid(user);
    await submit(user);
    await waitFor(() => expectMessageUnder('Email address', 'Invalid email'));

    vi.restoreAllMocks();
    mockApi([[/^POST \/api\/v1\/sells$/, () => new Response('<html>bad gateway</html>', { status: 502 })]]);
    await submit(user);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(field('Your name')).toHaveValue('Chikondi Banda');
  });
});

describe('/sell keeps what was typed', () => {
  const kept = () =>
    JSON.parse(window.sessionStorage.getItem('sell-draft') ?? 'null') as Record<string, unknown> | null;

  it('brings the typed fields back when the page opens again in the tab, but not the photos', async () => {
    const user = userEvent.setup();
    mockApi([]);
    const first = renderSell();
    await user.upload(photos(), [png('front.png')]);
    await fillValid(user);
    await user.click(field('Create a seller account for me'));
    first.unmount();

    expect(kept()).toMatchObject({
      item_name: 'Samsung Galaxy A14',
      phone: '+265 999 123 456',
      create_seller_account: true,
    });
    expect(Object.keys(kept() ?? {})).not.toContain('images');
    renderSell();
    expect(field('Item name')).toHaveValue('Samsung Galaxy A14');
    expect(field('Description')).toHaveValue('Good condition, 64 GB, charger included.');
    expect(field('Price or value (MWK)')).toHaveValue('185000');
    expect(field('Your name')).toHaveValue('Chikondi Banda');
    expect(field('Email address')).toHaveValue('chikondi@example.mw');
    expect(field('Location')).toHaveValue('Lilongwe, Area 47');
    expect(field('Create a seller account for me')).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Good' })).toBeChecked();
    expect(preview().getByText('Samsung Galaxy A14')).toBeInTheDocument();
    // Files cannot be kept in storage: the seller picks them again.
    expect(screen.queryByRole('list', { name: 'Selected images' })).not.toBeInTheDocument();
  });

  it('keeps the draft through a failed submission and forgets it once the item is sent', async () => {
    const user = userEvent.setup();
    let refuse = true;
    mockApi([
      [
        /^POST \/api\/v1\/sells$/,
        () =>
          refuse
            ? json({ message: 'Something went wrong' }, 503)
            : json(
                {
                  id: 9,
                  status: 'Pending',
                  message: 'Item successfully submitted!',
                  reference: 'S-7QK2M',
                  status_token: 'Sx7_status-link-token-0000000001',
                },
                201,
              ),
      ],
    ]);
    const first = renderSell();
    await fillValid(user);
    await submit(user);
    // A 503 is an upload that did not get through: the one submit button offers to send it again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument());
    expect(kept()).toMatchObject({ item_name: 'Samsung Galaxy A14' });

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Item successfully submitted!' })).toBeInTheDocument();
    expect(kept()).toBeNull();
    first.unmount();
    renderSell();
    expect(field('Item name')).toHaveValue('');
  });

  it('ignores a damaged draft', () => {
    window.sessionStorage.setItem(
      'sell-draft',
      JSON.stringify({ item_name: 42, phone: '0999 123 456', notify_on_offer: 'yes' }),
    );
    mockApi([]);
    renderSell();
    expect(field('Item name')).toHaveValue('');
    expect(field('Phone number')).toHaveValue('0999 123 456');
    expect(field('Notify me when an offer is made')).toBeChecked();
    window.sessionStorage.setItem('sell-draft', '{not json');
    cleanup();
    renderSell();
    expect(field('Phone number')).toHaveValue('');
  });

  it('sends one request_id for every try of one item, and a new one for the next item', async () => {
    const user = userEvent.setup();
    let lost = true;
    const spy = mockApi([
      [
        /^POST \/api\/v1\/sells$/,
        () =>
          // The answer lost on the way (a balancer's 502), then sent again.
          lost
            ? new Response('<html>bad gateway</html>', { status: 502 })
            : json(
                {
                  id: 9,
                  status: 'Pending',
                  message: 'Item successfully submitted!',
                  reference: 'S-7QK2M',
                  status_token: 'Sx7_status-link-token-0000000001',
                },
                201,
              ),
      ],
    ]);
    const ids = () =>
      spy.mock.calls
        .filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/v1/sells'))
        .map(([, init]) => (init!.body as FormData).get('request_id'));
    renderSell();
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument());
    lost = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Item successfully submitted!' })).toBeInTheDocument();
    const [first, again] = ids();
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(again).toBe(first);
    // Submitted: the next item gets its own.
    expect(window.sessionStorage.getItem('sell-request')).toBeNull();
  });

  it('forgets the request_id the server refused for other details (422), so the next send is new', async () => {
    const user = userEvent.setup();
    window.sessionStorage.setItem('sell-request', 'used-with-other-details-00000001');
    const spy = mockApi([
      [
        /^POST \/api\/v1\/sells$/,
        () =>
          json({ message: 'This item was already sent with other details. Reload the page and send it again.' }, 422),
      ],
    ]);
    renderSell();
    await fillValid(user);
    await submit(user);
    expect(await screen.findByText(/already sent with other details/)).toBeInTheDocument();
    expect((sellCall(spy)[1]!.body as FormData).get('request_id')).toBe('used-with-other-details-00000001');
    expect(window.sessionStorage.getItem('sell-request')).toBeNull();
  });
});
