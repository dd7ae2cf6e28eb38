// The shop's rules that the terms and the FAQ both state (docs/decisions/0056): one sentence each, so the two
// pages cannot drift apart and each has one translation. How sellers are paid is HOW_SELLERS_ARE_PAID (shared).
// The return window and the default warranty are the server's settings, stated as {days} (RuleText.tsx).

export const HOW_ITEMS_ARE_CHECKED =
  /*i18n*/ "Before an item goes on sale, staff at the partner shop check it: they try that it switches on and that its main functions work, compare it with the seller's photos and description, and give it a condition grade (Like new, Good, Fair or For parts). Its page shows the grade, what the grade means and, where measured, the battery's health.";

export const HOW_BUYERS_PAY =
  /*i18n*/ "Placing an order reserves its items for you; a basket alone does not. Pay when you collect at the shop, in cash or by mobile money at the counter, or pay the driver on delivery within the shop's town. Where checkout offers it, you can instead pay when you order by Airtel Money or TNM Mpamba.";

/** {days}: the server's RETURN_DAYS. */
export const RETURNS_WINDOW =
  /*i18n*/ 'Within {days} days of collecting or receiving an item, you can bring it back to the shop that sold it if it is not as described: a fault its page did not mention, or a condition worse than its grade. Bring your order number; the shop repairs it, exchanges it or refunds you. Items are not taken back because you changed your mind, so check an item before you take it.';

export const HOW_REFUNDS_GO =
  /*i18n*/ 'A refund goes back the way you paid: in cash at the counter, or to the Airtel Money or TNM Mpamba number you paid from. An order paid when ordering and cancelled before you collect it is refunded to that number automatically.';

/** {days}: the server's DEFAULT_WARRANTY_DAYS. */
export const SHOP_WARRANTY =
  /*i18n*/ 'Each item\'s page shows its shop warranty, for example "{days}-day shop warranty". Where the page does not mention one, phones, tablets and laptops have {days} days. The warranty covers faults in how the item works that appear in normal use; it does not cover physical damage such as a cracked screen, water damage, or repairs by someone else. Items graded For parts or marked "No shop warranty" have none.';
