import { useI18n } from '../../i18n/context';
import { InfoPage } from './InfoPage';

export function PrivacyPage() {
  const i18n = useI18n();
  return (
    <InfoPage title={i18n._('Privacy Policy')}>
      <p>{i18n._('We collect only what we need to run the marketplace.')}</p>
      <h2>{i18n._('What we keep')}</h2>
      <ul>
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
          {i18n._('When you mark interest: an anonymous random id kept in your browser, so you are counted once.')}
        </li>
        <li>{i18n._('Your basket is kept only in your browser.')}</li>
      </ul>
      <h2>{i18n._('How we use it')}</h2>
      <p>{i18n._('To review your item and contact you with an offer. We do not sell your details.')}</p>
      <h2>{i18n._('Your choices')}</h2>
      <p>{i18n._('Ask us at any partner shop to see or delete the details we hold about you.')}</p>
    </InfoPage>
  );
}
