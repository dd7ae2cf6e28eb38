import type { Fulfilment } from '@marketplace/shared';
import { readDraft, writeDraft } from '../../components/use-form-draft';
import { readStorage, writeStorage } from '../../lib/storage';

// What the buyer typed is kept for this tab (components/use-form-draft.ts), so a reload, a lost connection
// or a basket emptied by a conflict never makes them type it again.
export const CHECKOUT_DRAFT = 'checkout-draft';

/** The form's values as typed (the shared schema turns them into the request's shape). */
export interface CheckoutValues {
  buyer_name: string;
  phone: string;
  email: string;
  fulfilment: Fulfilment;
  address: string;
  area: string;
  /** A coach parcel's town (from the list) and the buyer's coach company or depot. */
  coach_town: string;
  coach_depot: string;
}

const EMPTY_VALUES: CheckoutValues = {
  buyer_name: '',
  phone: '',
  email: '',
  fulfilment: 'collect',
  address: '',
  area: '',
  coach_town: '',
  coach_depot: '',
};

export function readCheckoutDraft(): CheckoutValues {
  const draft = readDraft(CHECKOUT_DRAFT, EMPTY_VALUES);
  // Written out rather than FULFILMENTS: importing the flow module would grow the checkout's first screen.
  const fulfilment = draft.fulfilment === 'delivery' || draft.fulfilment === 'coach' ? draft.fulfilment : 'collect';
  return { ...draft, fulfilment };
}

const REQUEST_KEY = 'checkout-request';

function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/**
 * The retry key of this checkout: sent with the order, so if the answer is lost (slow 3G) and the buyer
 * confirms again, the server answers with the orders already placed instead of refusing the items as
 * reserved. Kept for the tab until the order is placed.
 */
export function checkoutRequestId(): string {
  const kept = readStorage(REQUEST_KEY, 'sessionStorage');
  if (kept && /^[A-Za-z0-9_-]{32}$/.test(kept)) return kept;
  const id = newRequestId();
  writeStorage(REQUEST_KEY, id, 'sessionStorage');
  return id;
}

export function clearDraft(): void {
  writeDraft(CHECKOUT_DRAFT, null);
  writeStorage(REQUEST_KEY, null, 'sessionStorage');
}
