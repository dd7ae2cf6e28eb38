import type { CheckoutFormInput } from '@marketplace/shared';

// What the buyer typed is kept for this tab, so a reload, a lost connection or a basket emptied by a
// conflict never makes them type it again. sessionStorage: it goes when the tab closes.
const DRAFT_KEY = 'checkout-draft';
const FIELDS = ['buyer_name', 'phone', 'email', 'address', 'area'] as const;

/** The form's values as typed (the shared schema turns them into the request's shape). */
export interface CheckoutValues {
  buyer_name: string;
  phone: string;
  email: string;
  fulfilment: 'collect' | 'delivery';
  address: string;
  area: string;
}

export const EMPTY_VALUES: CheckoutValues = { buyer_name: '', phone: '', email: '', fulfilment: 'collect', address: '', area: '' };

export function readDraft(): CheckoutValues {
  try {
    const data: unknown = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? 'null');
    if (!data || typeof data !== 'object') return EMPTY_VALUES;
    const draft = data as Record<string, unknown>;
    const values = { ...EMPTY_VALUES };
    for (const field of FIELDS) if (typeof draft[field] === 'string') values[field] = draft[field];
    if (draft.fulfilment === 'delivery') values.fulfilment = 'delivery';
    return values;
  } catch {
    return EMPTY_VALUES;
  }
}

export function writeDraft(values: Partial<CheckoutFormInput>): void {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Private mode or a full store: the form still holds the values while the page is open.
  }
}

const REQUEST_KEY = 'checkout-request';

function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * The retry key of this checkout: sent with the order, so if the answer is lost (slow 3G) and the buyer
 * confirms again, the server answers with the orders already placed instead of refusing the items as
 * reserved. Kept for the tab until the order is placed.
 */
export function checkoutRequestId(): string {
  try {
    const kept = window.sessionStorage.getItem(REQUEST_KEY);
    if (kept && /^[A-Za-z0-9_-]{32}$/.test(kept)) return kept;
    const id = newRequestId();
    window.sessionStorage.setItem(REQUEST_KEY, id);
    return id;
  } catch {
    return newRequestId();
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
    window.sessionStorage.removeItem(REQUEST_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
