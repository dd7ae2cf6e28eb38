import type { SellSubmissionInput, sellSubmissionSchema } from '@marketplace/shared';
import type { z } from 'zod';

export type SellFormOutput = z.output<typeof sellSubmissionSchema>;
/** The schema's fields; the back-office types the location as a city and an address. */
export type SellFormValues = SellSubmissionInput & { city?: string; address?: string };
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
}
