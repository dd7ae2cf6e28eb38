import { HOW_SELLERS_ARE_PAID } from '@marketplace/shared';
import { useI18n } from '../../i18n/context';
import { InfoPage } from './InfoPage';

export function TermsPage() {
  const i18n = useI18n();
  return (
    <InfoPage title={i18n._('Terms & Conditions')}>
      <p>{i18n._('These terms apply when you browse, buy from or offer items to this marketplace.')}</p>
      <h2>{i18n._('Items and prices')}</h2>
      <p>
        {i18n._(
          'All items are second-hand. Descriptions and photos are given in good faith; please inspect an item in a partner shop before paying. Prices are in MWK and may change until you pay.',
        )}
      </p>
      <h2>{i18n._('Offering an item')}</h2>
      <p>
        {i18n._(
          'By offering an item you confirm that it is yours to sell. An offer from our team is not binding until both sides agree. We may decline any item.',
        )}
      </p>
      <h2>{i18n._('Getting paid for your item')}</h2>
      <p>{i18n._(HOW_SELLERS_ARE_PAID)}</p>
      <h2>{i18n._('Payment and collection')}</h2>
      <p>{i18n._('Payment and collection take place in our partner shops. A basket does not reserve an item.')}</p>
    </InfoPage>
  );
}
