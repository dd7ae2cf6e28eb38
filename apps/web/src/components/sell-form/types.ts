import type { ConditionGrade, SellSubmissionInput, sellFormSchema } from '@marketplace/shared';
import type { z } from 'zod';

export type SellFormOutput = z.output<typeof sellFormSchema>;
/** The schema's fields ('' while no grade is chosen); the back-office types the location as a city and an address. */
export type SellFormValues = Omit<SellSubmissionInput, 'condition' | 'category'> & {
  condition: ConditionGrade | '';
  /** A category's name; '' while none is chosen. */
  category: string;
  city?: string;
  address?: string;
};
/** The server's per-field messages (a 400's `errors`), shown under the matching fields. */
export type ServerFieldErrors = Readonly<Record<string, string>>;

/** The labels that differ between a visitor offering their own item and staff typing in someone else's. */
export interface SellFormWording {
  photos: string;
  item: string;
  price: string;
  name: string;
  phone: string;
  email: string;
  notify: string;
  terms: string;
  condition: string;
}
