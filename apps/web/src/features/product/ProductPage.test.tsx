import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearBasket, getBasket } from '../../lib/basket-store';
import { getSavedItems } from '../../lib/saved-items';
import { json, list, mockApi } from '../../test/fetch-mock';
import { aProduct, aShop } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { ProductPage } from './ProductPage';

afterEach(() => {
  vi.restoreAllMocks();
  clearBasket();
});

function renderProduct(id = '7') {
  return renderWithRouter(
    <Routes>
      <Route path="/product/:id" element={<ProductPage />} />
      <Route path="/basket" element={<h1>Basket page</h1>} />
    </Routes>,
    `/product/${id}`,
  );
}

const related = [
  aProduct({ id: 7 }),
  aProduct({ id: 8, name: 'Phone 8', watchers: 41 }),
  aProduct({ id: 9, name: 'Phone 9' }),
];

describe('ProductPage', () => {
  it('shows the product with its fallbacks, gallery and category link', async () => {
    const user = userEvent.setup();
    mockApi([
      [
        /GET \/api\/v1\/products\/7$/,
        () =>
          json(
            aProduct({
              location: null,
              description: '',
              cover_image_url: 'a.webp',
              image_gallery: ['a.webp', 'b.webp'],
              price: 185000,
            }),
          ),
      ],
      [/category\/SmartPhones/, () => json(list(related))],
      [/products\?limit/, () => json(list([]))],
    ]);
    renderProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    expect(screen.getByTestId('product-price').textContent).toBe('MWK 185,000');
    expect(screen.getByText('Unknown location')).toBeInTheDocument();
    expect(screen.getByText('No description available.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SmartPhones' })).toHaveAttribute('href', '/discover?category=SmartPhones');

    const main = screen.getByRole('img', { name: 'Samsung Galaxy A14, photo 1 of 2' });
    expect(main).toHaveAttribute('src', '/api/images/a.webp?w=700&h=500&fit=contain&q=80');
    await user.click(screen.getByRole('button', { name: 'Show photo 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Samsung Galaxy A14, photo 2 of 2' })).toHaveAttribute(
      'src',
      expect.stringContaining('/api/images/b.webp?'),
    );
  });

  it('says "IMEI checked with MACRA" only for a device staff found compliant (decision 0057)', async () => {
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ imei_checked: true }))],
      [/GET \/api\/v1\/products\/8$/, () => json(aProduct({ id: 8, name: 'Phone 8', imei_checked: false }))],
      [/category\/SmartPhones/, () => json(list([]))],
      [/products\?limit/, () => json(list([]))],
    ]);
    renderProduct();
    expect(await screen.findByTestId('imei-checked')).toHaveTextContent('✓ IMEI checked with MACRA');
    cleanup();
    renderProduct('8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone 8' })).toBeInTheDocument();
    expect(screen.queryByText('IMEI checked with MACRA')).toBeNull();
  });

  it('lists related items of the category without the product itself, with watcher counts', async () => {
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct())],
      [/category\/SmartPhones/, () => json(list(related))],
      [/products\?limit/, () => json(list([aProduct({ id: 20, name: 'Other 20' })]))],
    ]);
    renderProduct();
    const relatedList = await screen.findByRole('list', { name: 'Related Items' });
    const names = Array.from(relatedList.querySelectorAll('h3')).map((h) => h.textContent);
    expect(names).toEqual(['Phone 8', 'Phone 9', 'Other 20']);
    expect(screen.getByText('41 watching')).toBeInTheDocument();
  });

  it("says 'Product not found' in red for a 404", async () => {
    mockApi([
      [
        /GET \/api\/v1\/products\/999$/,
        () => json({ message: 'Product not found', title: 'Not Found', status: 404, detail: '' }, 404),
      ],
    ]);
    renderProduct('999');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Product not found' });
    expect(heading).toHaveClass('text-red-700');
  });

  it("says 'Failed to fetch product details' on a server failure", async () => {
    mockApi([[/GET \/api\/v1\/products\/7$/, () => json({ message: 'Internal Server Error' }, 500)]]);
    renderProduct();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Failed to fetch product details' }),
    ).toBeInTheDocument();
  });

  it('Mark Interested counts this browser once and is remembered', async () => {
    const user = userEvent.setup();
    let watchers = 5;
    const fetchMock = mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ watchers, price: 185000, sale_price: 160000 }))],
      [/POST \/api\/v1\/products\/7\/interest$/, () => json({ watchers: ++watchers, interested: true })],
      [/DELETE \/api\/v1\/products\/7\/interest$/, () => json({ watchers: --watchers, interested: false })],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    expect(await screen.findByTestId('watchers')).toHaveTextContent('People want this. 5 people are watching this.');

    await user.click(screen.getByRole('button', { name: 'Mark Interested' }));
    await waitFor(() =>
      expect(screen.getByTestId('watchers')).toHaveTextContent('People want this. 6 people are watching this.'),
    );
    expect(screen.getByRole('button', { name: '✓ Interested' })).toHaveAttribute('aria-pressed', 'true');
    // The count shows at once; the toggle is remembered when the server has answered.
    await waitFor(() => expect(window.localStorage.getItem('interested-7')).toBe('true'));
    // Saved items remember the price the visitor saw, to note a drop later.
    expect(getSavedItems()).toEqual([
      { id: 7, snapshot: expect.objectContaining({ price: 185000, reserved: false, sold: false }) },
    ]);
    expect(screen.getByRole('button', { name: '✓ Interested' })).toHaveAttribute('aria-disabled', 'false');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      visitor_id: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });

    await user.click(screen.getByRole('button', { name: '✓ Interested' }));
    await waitFor(() =>
      expect(screen.getByTestId('watchers')).toHaveTextContent('People want this. 5 people are watching this.'),
    );
    expect(window.localStorage.getItem('interested-7')).toBeNull();
    expect(getSavedItems()).toEqual([]);
  });

  it("reads the count again for a buyer who marked the item, since the page's own may be a minute old", async () => {
    window.localStorage.setItem('interested-7', 'true');
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ watchers: 5 }))],
      [/GET \/api\/v1\/products\/7\/watchers$/, () => json({ watchers: 6 })],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    await waitFor(() =>
      expect(screen.getByTestId('watchers')).toHaveTextContent('People want this. 6 people are watching this.'),
    );
    expect(screen.getByRole('button', { name: '✓ Interested' })).toBeInTheDocument();
    window.localStorage.removeItem('interested-7');
  });

  it('leaves the count as loaded for a buyer who did not mark the item', async () => {
    const fetchMock = mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ watchers: 5 }))],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    expect(await screen.findByTestId('watchers')).toHaveTextContent('People want this. 5 people are watching this.');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContainEqual(
      expect.stringContaining('/watchers'),
    );
  });

  it('offers to share the item', async () => {
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct())],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    const share = within(await screen.findByRole('region', { name: 'Share this item' }));
    expect(share.getByRole('link', { name: /^Share on WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent(`${window.location.origin}/product/7`)),
    );
    expect(share.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('says "1 person is watching this." for one watcher', async () => {
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ watchers: 1 }))],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    expect(await screen.findByTestId('watchers')).toHaveTextContent('People want this. 1 person is watching this.');
  });

  it('puts the count back when the interest call fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ watchers: 5 }))],
      [/POST/, () => json({ message: 'Too many requests' }, 429)],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    await user.click(await screen.findByRole('button', { name: 'Mark Interested' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark Interested' })).toBeInTheDocument();
    expect(screen.getByTestId('watchers')).toHaveTextContent('People want this. 5 people are watching this.');
  });

  it('Buy Now adds the item to the basket and opens the basket', async () => {
    const user = userEvent.setup();
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct())],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('heading', { name: 'Basket page' })).toBeInTheDocument();
    expect(getBasket().map((item) => item.id)).toEqual([7]);
  });

  it('a sold product says so and cannot be bought', async () => {
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ sold: true }))],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    expect(await screen.findByText('This item has been sold.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sold' })).toBeDisabled();
  });

  it('a sold product offers similar items on sale: none sold or reserved, the rest asked for on sale only', async () => {
    const asked: string[] = [];
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ sold: true }))],
      [
        /category\/SmartPhones/,
        () =>
          json(
            list([
              aProduct({ id: 7, sold: true }),
              aProduct({ id: 8, name: 'Sold Phone 8', sold: true }),
              aProduct({ id: 9, name: 'Phone 9' }),
              aProduct({ id: 10, name: 'Reserved Phone 10', reserved: true }),
            ]),
          ),
      ],
      [
        /products\?limit/,
        (url) => {
          asked.push(url.search);
          return json(list([aProduct({ id: 11, name: 'Phone 11' }), aProduct({ id: 12, name: 'Phone 12' })]));
        },
      ],
    ]);
    renderProduct();
    const section = (await screen.findByRole('heading', { name: 'Similar items on sale' })).closest('section')!;
    await waitFor(() => expect(within(section).getAllByRole('link', { name: /Phone/ }).length).toBeGreaterThan(0));
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Phone 9', 'Phone 11', 'Phone 12']);
    expect(asked).toEqual([expect.stringContaining('available=true')]);
    expect(screen.queryByRole('heading', { name: 'Related Items' })).not.toBeInTheDocument();
  });

  it('a reserved product says so plainly and cannot be bought', async () => {
    const user = userEvent.setup();
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ reserved: true }))],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    expect(await screen.findByText('This item is reserved by another buyer.')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Reserved' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(getBasket()).toEqual([]);
  });

  it('an item on its way to another shop says where it is coming to and cannot be bought', async () => {
    const user = userEvent.setup();
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ in_transit: true, transit_town: 'Mzuzu' }))],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    expect(
      await screen.findByText('On its way to our shop in Mzuzu: it can be ordered there once it arrives.'),
    ).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Coming to Mzuzu soon' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(getBasket()).toEqual([]);
  });

  it('shows the shop that holds the item, with a call link and a WhatsApp link carrying the item', async () => {
    mockApi([
      [
        /GET \/api\/v1\/products\/7$/,
        () => json(aProduct({ location: 'Blantyre', shop: aShop({ phone: '0999 123 456' }) })),
      ],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    const block = within(await screen.findByRole('region', { name: 'Where the item is' }));
    expect(block.getByTestId('shop-name')).toHaveTextContent('Chichiri Electronics');
    expect(block.getByText('Shop 4, Chichiri Shopping Centre, Blantyre')).toBeInTheDocument();
    expect(block.getByText('Mon-Sat 8:00-17:00')).toBeInTheDocument();
    expect(block.getByText('+265 999 123 456')).toBeInTheDocument();
    expect(block.getByRole('link', { name: /^Call the shop/ })).toHaveAttribute('href', 'tel:+265999123456');
    const whatsapp = block.getByRole('link', { name: /^Chat on WhatsApp/ });
    expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/265999123456?text=${encodeURIComponent(`Samsung Galaxy A14 ${window.location.origin}/product/7`)}`,
    );
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByTestId('product-location').textContent).toBe('Blantyre');
  });

  it('offers no WhatsApp for a landline, and no shop block for an item without a shop', async () => {
    mockApi([
      [/GET \/api\/v1\/products\/7$/, () => json(aProduct({ shop: aShop({ phone: '+265 111 234 567' }) }))],
      [/GET \/api\/v1\/products\/8$/, () => json(aProduct({ id: 8, shop: null }))],
      [/GET .*(category|products\?)/, () => json(list([]))],
    ]);
    renderProduct();
    const block = within(await screen.findByRole('region', { name: 'Where the item is' }));
    expect(block.getByRole('link', { name: /^Call the shop/ })).toHaveAttribute('href', 'tel:+265111234567');
    expect(block.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();

    cleanup();
    renderProduct('8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Samsung Galaxy A14' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Where the item is' })).not.toBeInTheDocument();
  });
});
