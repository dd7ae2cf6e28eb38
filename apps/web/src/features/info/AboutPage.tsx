import { Link } from '../../lib/router';
import { useI18n } from '../../i18n/context';
import { Rich } from '../../i18n/Rich';
import { InfoPage } from './InfoPage';

export function AboutPage() {
  const i18n = useI18n();
  return (
    <InfoPage title={i18n._('About Us')}>
      <p>
        {i18n._(
          'We buy and sell second-hand electronics in Malawi: smartphones, laptops, gaming consoles, TVs, soundbars and home appliances. Every price is in Malawi Kwacha (MWK).',
        )}
      </p>
      <p>
        {i18n._(
          'Sellers offer us an item with a few photos. Our team reviews it and makes an offer. Items we accept are listed here or sold in our partner shops in Lilongwe, Blantyre and Mzuzu.',
        )}
      </p>
      <p>
        <Rich
          text={i18n._(
            'Want to sell? <0>Offer us your item</0>. Want to visit? See our <1>shops and opening hours</1>.',
          )}
          parts={[
            (t) => (
              <Link to="/sell" className="text-link">
                {t}
              </Link>
            ),
            (t) => (
              <Link to="/contact" className="text-link">
                {t}
              </Link>
            ),
          ]}
        />
      </p>
    </InfoPage>
  );
}
