import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToBasket, clearBasket } from '../../lib/basket-store';
import { Route, Routes } from '../../lib/router';
import { json, mockApi } from '../../test/fetch-mock';
import { aPlacedOrder } from '../../test/orders';
import { aProduct, aShop } from '../../test/products';
import { renderInChichewa } from '../../test/render';
import { retype } from '../../test/typing';
import { CheckoutPage } from './CheckoutPage';

afterEach(() => {
  vi.restoreAllMocks();
  clearBasket();
});

// The Chichewa of the texts this journey meets (the catalogue itself is src/i18n/locales/ny.po).
const NY: Record<string, string> = {
  Checkout: 'Kutumiza Oda',
  'Your name': 'Dzina lanu',
  Phone: 'Foni',
  'Confirm order': 'Tsimikizani oda',
  'Continue with the other items': 'Pitirizani ndi katundu wotsalayo',
  'Placing order…': 'Tikutumiza oda…',
  '{name} was just reserved by another buyer': '{name} wangosungidwira wogula wina',
  '{name}: the price changed from {from} to {to}': '{name}: mtengo wasintha kuchoka pa {from} kufika pa {to}',
  'We took those items out of your basket.': 'Tachotsa katunduyo mu dengu lanu.',
  'Check your order and confirm again.': 'Onani oda yanu ndipo tsimikizaninso.',
  'Your items are in {count} shops, so this becomes {count} orders, one per shop. Each shop calls you about its own order.':
    "Katundu wanu ali m'mashopu {count}, choncho padzakhala ma oda {count}, imodzi pa shopu iliyonse. Shopu iliyonse idzakuyimbirani za oda yake.",
  'Thank you! Your order is placed': 'Zikomo! Oda yanu yatumizidwa',
  'Order number': 'Nambala ya oda',
  'Collect at': 'Katengeni ku',
  'Call the shop': 'Imbirani shopu',
  'Hello, about my order {number}': 'Moni, ndikufunsa za oda yanga {number}',
  'We hold your items until <0>{date}</0>': 'Tikusungirani katundu wanu mpaka <0>{date}</0>',
};

const phone = aProduct({ id: 1, name: 'Tecno Spark 10', price: 100000 });
const laptop = aProduct({ id: 2, name: 'HP EliteBook 840', price: 250000 });
const tv = aProduct({
  id: 3,
  name: 'Hisense 43" TV',
  price: 400000,
  shop: aShop({ id: 2, name: 'Mzuzu Tech', town: 'Mzuzu' }),
});

describe('/checkout in Chichewa', () => {
  it('explains a conflict with the item names in the sentence, then places the order', async () => {
    const user = userEvent.setup();
    for (const product of [phone, laptop, tv]) addToBasket(product);
    let taken = false;
    let orderCalls = 0;
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [/GET \/api\/v1\/products\/2$/, () => json({ ...laptop, reserved: taken })],
      [/GET \/api\/v1\/products\/3$/, () => json(tv)],
      [
        /POST \/api\/v1\/orders$/,
        () => {
          orderCalls += 1;
          if (orderCalls > 1) return json({ orders: [aPlacedOrder()] }, 201);
          taken = true;
          return json(
            {
              message: 'Some items are no longer available',
              unavailable: [2],
              changed: [{ product_id: 3, price: 380000 }],
            },
            409,
          );
        },
      ],
    ]);
    renderInChichewa(
      <Routes>
        <Route path="/checkout" element={<CheckoutPage />} />
      </Routes>,
      NY,
      '/checkout',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Kutumiza Oda' })).toBeInTheDocument();
    expect(await screen.findByTestId('shops-note')).toHaveTextContent(
      "Katundu wanu ali m'mashopu 2, choncho padzakhala ma oda 2",
    );
    await retype(user, 'Dzina lanu', 'Chikondi Banda');
    await retype(user, 'Foni', '0999 123 456');
    await user.click(screen.getByRole('button', { name: 'Tsimikizani oda' }));

    const notice = (await screen.findByText('HP EliteBook 840 wangosungidwira wogula wina')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(
      within(notice).getByText('Hisense 43" TV: mtengo wasintha kuchoka pa MWK 400,000 kufika pa MWK 380,000'),
    ).toBeInTheDocument();
    expect(
      within(notice).getByText('Tachotsa katunduyo mu dengu lanu. Onani oda yanu ndipo tsimikizaninso.'),
    ).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Pitirizani ndi katundu wotsalayo' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zikomo! Oda yanu yatumizidwa' })).toBeInTheDocument();
    const placed = within(screen.getByTestId('placed-order'));
    expect(placed.getByRole('heading', { level: 2 })).toHaveTextContent('Nambala ya odaMW-4K7Q2');
    expect(placed.getByRole('heading', { level: 3, name: 'Katengeni ku' })).toBeInTheDocument();
    expect(placed.getByRole('link', { name: 'Imbirani shopu Chichiri Electronics' })).toHaveAttribute(
      'href',
      'tel:+265888234567',
    );
    expect(placed.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('Moni, ndikufunsa za oda yanga MW-4K7Q2')),
    );
    const hold = placed.getByText(
      (_, el) =>
        el?.tagName === 'P' && el.textContent === 'Tikusungirani katundu wanu mpaka Loweruka, 16 Ogasiti 2025, 14:30',
    );
    expect(hold.querySelector('time')).toHaveAttribute('dateTime', aPlacedOrder().expires_at);
  });
});
