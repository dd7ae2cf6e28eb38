import { describe, expect, it } from 'vitest';
import { adminSellerRequestSchema, sellSubmissionSchema } from './seller-requests.js';
import { checkoutFormSchema } from './orders.js';

const NAME_MESSAGE = 'Name must have at least two letters';
const firstMessage = (
  result: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined },
  field: string,
) => result.error?.issues.find((i) => i.path[0] === field)?.message;

describe("a person's name needs two letters", () => {
  const buyer = (buyer_name: string) => checkoutFormSchema.safeParse({ buyer_name, phone: '0999123456' });
  const seller = (seller_name: string) =>
    sellSubmissionSchema.safeParse({
      item_name: 'Radio',
      description: 'Works',
      price: '100',
      seller_name,
      phone: '0999123456',
      email: 'a@example.com',
      location: 'Zomba',
    });

  it.each(['Zo', 'Chikondi Banda', 'Ngʼombe', 'Łukasz', '李明', ' Zo '])('accepts %j', (name) => {
    expect(buyer(name).success).toBe(true);
    expect(seller(name).success).toBe(true);
  });

  it.each(['Z', '😀', '😀😀', '12', '. -', 'Z1', 'Z 😀'])('refuses %j', (name) => {
    expect(firstMessage(buyer(name), 'buyer_name')).toBe(NAME_MESSAGE);
    expect(firstMessage(seller(name), 'seller_name')).toBe(NAME_MESSAGE);
  });

  it('keeps each form wording for a missing name', () => {
    expect(firstMessage(buyer(' '), 'buyer_name')).toBe('Your name is required');
    expect(firstMessage(seller(''), 'seller_name')).toBe('Your name is required');
    expect(firstMessage(adminSellerRequestSchema.safeParse({ seller_name: '' }), 'seller_name')).toBe(
      'Seller name is required',
    );
  });
});
