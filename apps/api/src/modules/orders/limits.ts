/** The reservation rules' settings (docs/decisions/0035). */
export interface ReservationRules {
  /** Hours a proved phone's reservation holds its items. */
  hours: number;
  /** Hours when phones cannot be proved (no SMS transport). */
  unprovedHours: number;
  maxPerPhone: number;
  maxPerAddress: number;
  /** Orders one client address may place in an hour (ORDERS_PER_ADDRESS_HOUR). */
  ordersPerAddressHour: number;
}

/** A phone whose reservation of an item expired waits this long before reserving that item again. */
export const LAPSED_BLOCK_HOURS = 24;

export const TOO_MANY_HELD_BY_PHONE =
  /*i18n*/ 'This phone number already holds as many reserved items as one buyer can. Collect or cancel one of your orders first, or call the shop.';
export const TOO_MANY_HELD_FROM_NETWORK =
  /*i18n*/ 'Too many items are reserved from your network right now. Collect or cancel an order first, or call the shop.';
