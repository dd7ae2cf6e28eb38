import { zodResolver } from '@hookform/resolvers/zod';
import { adminSellerRequestFormSchema, sellFormSchema } from '@marketplace/shared';
import type { Resolver } from 'react-hook-form';
import type { SellFormOutput, SellFormValues } from './types';

// The shared schemas (and zod with them) in their own chunk: /sell shows without them and fetches them
// as soon as the visitor starts typing, well before the first submit needs them.
export const resolvers = {
  public: zodResolver(sellFormSchema),
  admin: zodResolver(adminSellerRequestFormSchema),
} as Record<'public' | 'admin', Resolver<SellFormValues, unknown, SellFormOutput>>;
