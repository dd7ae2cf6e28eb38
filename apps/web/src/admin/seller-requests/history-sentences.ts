import { formatMoney, type SellerRequest } from '@marketplace/shared';

type Event = SellerRequest['history'][number];
type Offer = SellerRequest['offers'][number];

/** Who acted: the staff member by name, else 'staff'. */
const staffName = (event: Event) => event.actor ?? 'staff';

/**
 * One event as a sentence: 'Offer of MWK 130,000 sent to the seller by Chikondi'. An offer's amount is the offer
 * row written in the same move, hence at the same moment.
 */
export function historySentence(event: Event, offers: readonly Offer[]): string {
  const by = staffName(event);
  const offer = offers.find((o) => o.kind === event.action && o.created_at === event.created_at);
  const amount = offer ? ` of ${formatMoney(offer.amount)}` : '';
  switch (event.action) {
    case 'submitted':
      return event.by === 'staff' ? `Request entered by ${by}` : 'Request sent by the seller';
    case 'approve':
      return `Approved by ${by}`;
    case 'offer':
      return `Offer${amount} sent to the seller by ${by}`;
    case 'counter':
      return `Counter offer${amount} sent to the seller by ${by}`;
    case 'reject':
      return `Rejected by ${by}`;
    case 'recordAcceptance':
      return `The seller's acceptance recorded by ${by}`;
    case 'sellerAccept':
      return 'The seller accepted the offer';
    case 'sellerDecline':
      return 'The seller declined the offer';
    case 'expireOffer':
      return 'The offer expired without an answer';
    case 'addToInventory':
      return `Added to the inventory by ${by}`;
    default:
      return `${event.action} by ${event.by === 'staff' ? by : event.by}`;
  }
}
