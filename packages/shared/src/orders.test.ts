import { describe, expect, it } from 'vitest';
import { amountField } from './amount.js';
import { EMPTY_BASKET } from './order-constants.js';
import { checkoutFormSchema, orderRequestSchema } from './orders.js';
import { shopInputSchema } from './shops.js';

const buyer = { buyer_name: 'Chikondi Banda', phone: '0999 123 456' };
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('order request', () => {
  it('takes ids and prices as numbers or digit strings, defaults to collection, normalises the phone', () => {
    const parsed = orderRequestSchema.parse({
      ...buyer,
      items: [
        { product_id: '12', price: '485000' },
        { product_id: 13, price: 1000 },
      ],
    });
    expect(parsed).toMatchObject({
      fulfilment: 'collect',
      phone: '+265999123456',
      email: null,
      items: [
        { product_id: 12, price: 485000 },
        { product_id: 13, price: 1000 },
      ],
    });
  });

  it('refuses an empty basket, repeated items and bad ids', () => {
    expect(errorsOf(orderRequestSchema.safeParse({ ...buyer, items: [] })).items).toBe(EMPTY_BASKET);
    expect(errorsOf(orderRequestSchema.safeParse({ ...buyer })).items).toBe(EMPTY_BASKET);
    expect(
      errorsOf(orderRequestSchema.safeParse({ ...buyer, items: [{ product_id: 1 }, { product_id: '1' }] })).items,
    ).toBe('Each item can be ordered once');
    expect(
      errorsOf(orderRequestSchema.safeParse({ ...buyer, items: [{ product_id: -3 }] }))['items.0.product_id'],
    ).toBe('product_id must be positive');
    expect(
      errorsOf(orderRequestSchema.safeParse({ ...buyer, items: [{ product_id: 1, price: 12.5 }] }))['items.0.price'],
    ).toBe('Price must contain only numbers');
  });

  it('needs an address and an area for delivery only', () => {
    expect(
      errorsOf(checkoutFormSchema.safeParse({ ...buyer, fulfilment: 'delivery', address: ' ', area: '' })),
    ).toEqual({
      address: 'Delivery address is required',
      area: 'Area is required',
    });
    expect(checkoutFormSchema.safeParse({ ...buyer, fulfilment: 'collect' }).success).toBe(true);
  });

  it('takes 265 without a plus and refuses numbers outside the plan', () => {
    expect(checkoutFormSchema.parse({ ...buyer, phone: '265888123456' }).phone).toBe('+265888123456');
    expect(errorsOf(checkoutFormSchema.safeParse({ ...buyer, phone: '0088812345' })).phone).toBe(
      'Enter a Malawi phone number: +265 or 0 followed by 9 digits',
    );
  });

  it('gives every bad field its own message', () => {
    expect(
      errorsOf(checkoutFormSchema.safeParse({ buyer_name: '', phone: '12345', email: 'nope', fulfilment: 'drone' })),
    ).toEqual({
      buyer_name: 'Your name is required',
      phone: 'Enter a Malawi phone number: +265 or 0 followed by 9 digits',
      email: 'Invalid email',
      fulfilment: 'Choose collect at the shop, delivery or coach',
    });
  });
});

describe('amounts and shops', () => {
  it('accepts an amount as a JSON number or digits and refuses the rest', () => {
    expect(amountField('Offer amount').parse(400000)).toBe(400000);
    expect(amountField('Offer amount').parse(' 400000 ')).toBe(400000);
    expect(errorsOf(amountField('Offer amount').safeParse(-5))['']).toBe('Offer amount must contain only numbers');
    expect(errorsOf(amountField('Offer amount').safeParse(undefined))['']).toBe('Offer amount is required');
  });

  it('reads a shop from the new fields or from the old contact field', () => {
    const base = { name: 'Zomba Shop', address: 'Market Street', town: 'Zomba' };
    expect(shopInputSchema.parse({ ...base, contact: 'Mon-Sat 08:00-17:00' })).toMatchObject({
      hours: 'Mon-Sat 08:00-17:00',
      phone: null,
      delivery_fee: null,
    });
    expect(
      shopInputSchema.parse({ ...base, hours: 'Daily', phone: '0888 111 222', delivery_fee: '5000' }),
    ).toMatchObject({ phone: '+265888111222', delivery_fee: 5000 });
    expect(errorsOf(shopInputSchema.safeParse({ name: 'x', address: 'y', hours: 'z', phone: '12' }))).toEqual({
      town: 'Town is required',
      phone: 'Enter a Malawi phone number: +265 or 0 followed by 9 digits',
    });
  });
});
