import { formatMoney, type SellerView } from '@marketplace/shared';
import { SendDialog } from '../../../components/SendDialog';
import { answerOffer, type OfferAnswer } from '../api';
import { useI18n } from '../../../i18n/context';

interface AnswerDialogProps {
  answer: OfferAnswer;
  offer: NonNullable<SellerView['open_offer']>;
  itemName: string;
  token: string;
  /** Only declining asks for one. */
  reason: string;
  onReason: (reason: string) => void;
  onClose: () => void;
  onAnswered: (view: SellerView, answer: OfferAnswer, amount: number) => void;
  /** The offer changed meanwhile (withdrawn, expired, replaced, already answered): the server's message. */
  onRefused: (message: string) => void;
}

/** Accepting commits the seller to sell at this price, and declining ends the offer: both are confirmed here. */
export function AnswerDialog({
  answer,
  offer,
  itemName,
  token,
  reason,
  onReason,
  onClose,
  onAnswered,
  onRefused,
}: AnswerDialogProps) {
  const i18n = useI18n();
  const accept = answer === 'accept';
  const amount = formatMoney(offer.amount);
  return (
    <SendDialog
      title={accept ? i18n._('Accept {amount}?', { amount }) : i18n._('Decline our offer of {amount}?', { amount })}
      description={
        accept
          ? i18n._(
              'You agree to sell {item} to us for {amount}. We will contact you to collect the item and pay you.',
              { item: itemName, amount },
            )
          : i18n._(
              'We will not buy the item at this price. Tell us why if you like, for example the price you would accept.',
            )
      }
      {...(accept ? {} : { reason: { value: reason, onChange: onReason } })}
      backLabel={i18n._('Go back')}
      sendLabel={accept ? i18n._('Yes, accept') : i18n._('Decline offer')}
      busyLabel={i18n._('Sending…')}
      danger={!accept}
      offlineText={i18n._('We could not send your answer. Check your connection and try again.')}
      failureText={i18n._('Could not send your answer. Please try again.')}
      send={() => answerOffer(token, answer, offer.id, accept ? '' : reason)}
      onClose={onClose}
      onSent={(view) => onAnswered(view, answer, offer.amount)}
      onRefused={onRefused}
    />
  );
}
