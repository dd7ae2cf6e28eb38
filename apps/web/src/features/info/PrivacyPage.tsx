import { useI18n } from '../../i18n/context';
import { InfoPage } from './InfoPage';

// What is kept, why and for how long (docs/decisions/0078): the 24 months are PERSONAL_DATA_MONTHS' default.
export function PrivacyPage() {
  const i18n = useI18n();
  return (
    <InfoPage title={i18n._('Privacy Policy')}>
      <p>
        {i18n._(
          "We collect only what we need to run the marketplace, and keep it only as long as we need it, as Malawi's Data Protection Act (2024) asks.",
        )}
      </p>
      <h2>{i18n._('What we keep')}</h2>
      <ul>
        <li>
          {i18n._(
            'When you order: your name, phone number, email if you give one, and your delivery address or coach depot if you choose delivery.',
          )}
        </li>
        <li>
          {i18n._(
            "When you offer an item: your name, phone number, email, location, the item's details and photos. Photos are stripped of hidden data such as GPS location.",
          )}
        </li>
        <li>
          {i18n._(
            'With it: the language the form was in, so our messages come in it, and the network area it was sent from (not your full address), which limits how many messages one area can make us send.',
          )}
        </li>
        <li>
          {i18n._(
            'When you set an alert or ask us to bring an item to your shop: your phone number, and your name for the request.',
          )}
        </li>
        <li>{i18n._('The SMS and email messages we sent you about these.')}</li>
        <li>
          {i18n._('When you mark interest: an anonymous random id kept in your browser, so you are counted once.')}
        </li>
        <li>{i18n._('Your basket is kept only in your browser.')}</li>
      </ul>
      <h2>{i18n._('How we use it')}</h2>
      <p>
        {i18n._(
          'To prepare your order and tell you when it is ready, to review your item and contact you with an offer, and to pay you. We do not sell your details.',
        )}
      </p>
      <h2>{i18n._('How long we keep it')}</h2>
      <p>
        {i18n._(
          'Your name, phone number, email and address are erased 24 months after your order or your offer ended (collected, cancelled, expired, bought, declined or rejected). Alerts, messages and phone codes go after the same 24 months. We keep the amounts and dates of sales and payments without your details, because the law asks us to keep our accounts.',
        )}
      </p>
      <h2>{i18n._('Your choices')}</h2>
      <p>
        {i18n._(
          'Ask us at any partner shop to see the details we hold about you, to get a copy of them, or to have them erased sooner. We erase them once no order of yours is open and no payment to you is waiting.',
        )}
      </p>
    </InfoPage>
  );
}
