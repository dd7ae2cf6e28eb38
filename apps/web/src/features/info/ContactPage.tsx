import { InfoPage } from './InfoPage';
import { PARTNER_SHOPS } from './shops';

export function ContactPage() {
  return (
    <InfoPage title="Contact Us">
      <p>Questions about an item, an offer you received or a purchase? Visit or call one of our partner shops. Our staff can show you any item listed here before you buy.</p>
      <ul className="grid list-none! gap-3 pl-0! sm:grid-cols-3">
        {PARTNER_SHOPS.map((shop) => (
          <li key={shop.name} className="rounded-lg border border-stone-200 p-4">
            <h2 className="mt-0!">{shop.name}</h2>
            <p>
              <span className="font-semibold">Address:</span> {shop.address}
            </p>
            <p>
              <span className="font-semibold">Hours:</span> {shop.hours}
            </p>
            <p>
              <span className="font-semibold">Phone:</span> <a href={`tel:${shop.phone.replace(/\s/g, '')}`} className="text-link whitespace-nowrap">{shop.phone}</a>
            </p>
          </li>
        ))}
      </ul>
    </InfoPage>
  );
}
