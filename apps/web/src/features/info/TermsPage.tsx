import { InfoPage } from './InfoPage';

export function TermsPage() {
  return (
    <InfoPage title="Terms & Conditions">
      <p>These terms apply when you browse, buy from or offer items to this marketplace.</p>
      <h2>Items and prices</h2>
      <p>All items are second-hand. Descriptions and photos are given in good faith; please inspect an item in a partner shop before paying. Prices are in MWK and may change until you pay.</p>
      <h2>Offering an item</h2>
      <p>By offering an item you confirm that it is yours to sell. An offer from our team is not binding until both sides agree. We may decline any item.</p>
      <h2>Payment and collection</h2>
      <p>Payment and collection take place in our partner shops. A basket does not reserve an item.</p>
    </InfoPage>
  );
}
