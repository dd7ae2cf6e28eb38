import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutFormSchema, type CheckoutForm } from '@marketplace/shared';
import type { Resolver } from 'react-hook-form';
import type { CheckoutValues } from './checkout-draft';

// The shared schema (and zod with it) in its own chunk: the checkout shows without it and fetches it as
// soon as the buyer starts typing, well before the first submit needs it.
export const checkoutResolver = zodResolver(checkoutFormSchema) as Resolver<CheckoutValues, unknown, CheckoutForm>;
