import { InfoPage } from './InfoPage';

const FAQS = [
  {
    q: 'How do I buy an item?',
    a: 'Add it to your basket and place your order: the item is reserved for you, and the partner shop calls you. Collect it at the shop and pay at the counter in cash or by mobile money, or ask for delivery within the shop\'s town and pay the driver. Nothing is paid online.',
  },
  { q: 'Can I see an item before I buy it?', a: 'Yes. Items are kept in our partner shops in Lilongwe, Blantyre and Mzuzu, where you can look at them and try them.' },
  { q: 'How do I sell an item?', a: 'Use Sell an Item: add up to 3 photos, describe the item and give your price and contact details. Our team reviews it and contacts you with an offer.' },
  { q: 'Do I need an account?', a: 'No. You can browse, mark interest, order and offer an item without logging in.' },
  { q: 'What does "Mark Interested" do?', a: 'It tells sellers and our team how many people want an item. It does not reserve the item.' },
];

export function FaqPage() {
  return (
    <InfoPage title="FAQs">
      {FAQS.map((item) => (
        <section key={item.q}>
          <h2>{item.q}</h2>
          <p>{item.a}</p>
        </section>
      ))}
    </InfoPage>
  );
}
