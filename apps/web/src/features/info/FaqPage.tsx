import { HOW_SELLERS_ARE_PAID, type AfterSaleRules } from '@marketplace/shared';
import { useI18n } from '../../i18n/context';
import { InfoPage } from './InfoPage';
import { RuleText } from './RuleText';
import { HOW_ITEMS_ARE_CHECKED, HOW_REFUNDS_GO, RETURNS_WINDOW, SHOP_WARRANTY } from './policies';

// `days`: the answer states that after-sale number of the server's (RuleText).
const FAQS: { q: string; a: string; days?: keyof AfterSaleRules }[] = [
  {
    q: /*i18n*/ 'How do I buy an item?',
    a: /*i18n*/ "Add it to your basket and place your order: the item is reserved for you, and the partner shop calls you. Collect it at the shop and pay at the counter in cash or by mobile money, or ask for delivery within the shop's town and pay the driver. Where checkout offers it, you can instead pay when you order by Airtel Money or TNM Mpamba.",
  },
  { q: /*i18n*/ 'How are items checked?', a: HOW_ITEMS_ARE_CHECKED },
  { q: /*i18n*/ 'Can I return an item?', a: RETURNS_WINDOW, days: 'return_days' },
  { q: /*i18n*/ 'How do refunds work?', a: HOW_REFUNDS_GO },
  { q: /*i18n*/ 'Is there a warranty?', a: SHOP_WARRANTY, days: 'default_warranty_days' },
  {
    q: /*i18n*/ 'Can I see an item before I buy it?',
    a: /*i18n*/ 'Yes. Items are kept in our partner shops in Lilongwe, Blantyre and Mzuzu, where you can look at them and try them.',
  },
  {
    q: /*i18n*/ 'How do I sell an item?',
    a: /*i18n*/ 'Use Sell an Item: add up to 3 photos, describe the item and give your price and contact details. Our team reviews it and contacts you with an offer.',
  },
  {
    q: /*i18n*/ 'How and when am I paid for an item I sell?',
    a: HOW_SELLERS_ARE_PAID,
  },
  {
    q: /*i18n*/ 'Do I need an account?',
    a: /*i18n*/ 'No. You can browse, mark interest, order and offer an item without logging in.',
  },
  {
    q: /*i18n*/ 'What does "Mark Interested" do?',
    a: /*i18n*/ 'It tells sellers and our team how many people want an item. It does not reserve the item.',
  },
];

export function FaqPage() {
  const i18n = useI18n();
  return (
    <InfoPage title={i18n._('FAQs')}>
      {FAQS.map((item) => (
        <section key={item.q}>
          <h2>{i18n._(item.q)}</h2>
          {item.days ? <RuleText text={item.a} days={item.days} /> : <p>{i18n._(item.a)}</p>}
        </section>
      ))}
    </InfoPage>
  );
}
