import { HOW_SELLERS_ARE_PAID } from '@marketplace/shared';
import { useI18n } from '../../i18n/context';
import { InfoPage } from './InfoPage';
import { RuleText } from './RuleText';
import { HOW_BUYERS_PAY, HOW_ITEMS_ARE_CHECKED, HOW_REFUNDS_GO, RETURNS_WINDOW, SHOP_WARRANTY } from './policies';

export function TermsPage() {
  const i18n = useI18n();
  return (
    <InfoPage title={i18n._('Terms & Conditions')}>
      <p>{i18n._('These terms apply when you browse, buy from or offer items to this marketplace.')}</p>
      <h2>{i18n._('Items and prices')}</h2>
      <p>
        {i18n._(
          'All items are second-hand and sold by our partner shops. Descriptions and photos are given in good faith. Prices are in MWK; an order is at the price shown when you place it.',
        )}
      </p>
      <h2>{i18n._('How items are checked')}</h2>
      <p>{i18n._(HOW_ITEMS_ARE_CHECKED)}</p>
      <h2>{i18n._('Payment and collection')}</h2>
      <p>{i18n._(HOW_BUYERS_PAY)}</p>
      <h2>{i18n._('Returns and refunds')}</h2>
      <RuleText text={RETURNS_WINDOW} days="return_days" />
      <p>{i18n._(HOW_REFUNDS_GO)}</p>
      <h2>{i18n._('Shop warranty')}</h2>
      <RuleText text={SHOP_WARRANTY} days="default_warranty_days" />
      <h2>{i18n._('Offering an item')}</h2>
      <p>
        {i18n._(
          'By offering an item you confirm that it is yours to sell. An offer from our team is not binding until both sides agree. We may decline any item.',
        )}
      </p>
      <p>
        {i18n._(
          'When we receive your item, staff check it as above. If it is not as you described it, we may make a new offer or decline it and give it back to you.',
        )}
      </p>
      <h2>{i18n._('Getting paid for your item')}</h2>
      <p>{i18n._(HOW_SELLERS_ARE_PAID)}</p>
    </InfoPage>
  );
}
