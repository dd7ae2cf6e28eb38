// Zod-free order constants: public screens import them without loading the order schemas.
export const MAX_ORDER_ITEMS = 20;
export const EMPTY_BASKET = /*i18n*/ 'Your basket is empty.';

/** Order numbers read out on the phone: MW- and 5 letters/digits without look-alikes (no 0/O, 1/I/L). */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const orderNumberPattern = /^MW-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/;
/** The private link's token: 32 url-safe characters (192 random bits). */
export const orderTokenPattern = /^[A-Za-z0-9_-]{32}$/;

// The collection code (docs/decisions/0059): staff complete an order only with the six digits the buyer was sent.
export const COLLECTION_CODE_REQUIRED = "Enter the buyer's collection code";
export const WRONG_COLLECTION_CODE = 'That is not the collection code the buyer was sent';
/** Wrong codes after which the order waits for an Admin to review it. */
export const WRONG_CODES_HOLD = 5;
export const HELD_FOR_REVIEW = `Held for review after ${WRONG_CODES_HOLD} wrong collection codes: an Admin must release it`;
