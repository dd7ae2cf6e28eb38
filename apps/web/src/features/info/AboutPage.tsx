import { Link } from '../../lib/router';
import { InfoPage } from './InfoPage';

export function AboutPage() {
  return (
    <InfoPage title="About Us">
      <p>We buy and sell second-hand electronics in Malawi: smartphones, laptops, gaming consoles, TVs, soundbars and home appliances. Every price is in Malawi Kwacha (MWK).</p>
      <p>
        Sellers offer us an item with a few photos. Our team reviews it and makes an offer. Items we accept are listed here or sold in our partner shops in Lilongwe, Blantyre
        and Mzuzu.
      </p>
      <p>
        Want to sell? <Link to="/sell" className="text-link">Offer us your item</Link>. Want to visit? See our{' '}
        <Link to="/contact" className="text-link">shops and opening hours</Link>.
      </p>
    </InfoPage>
  );
}
