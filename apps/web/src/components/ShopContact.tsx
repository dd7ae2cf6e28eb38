import {
  formatMalawiPhone as formatPhone,
  isMalawiMobile as isMobile,
  telLink as telHref,
  whatsappLink as whatsappHref,
} from '@marketplace/shared';
import { useI18n } from '../i18n/context';

interface ShopDetails {
  name: string;
  town: string;
  address: string;
  hours: string;
  phone: string | null;
}

interface ShopContactProps {
  shop: ShopDetails;
  /** The WhatsApp message already typed for the buyer (the item and its link, or the order number), translated. */
  whatsappText: string;
}

/** Where a partner shop is, when it is open, and one tap to call it or (on a mobile number) to WhatsApp it. */
export function ShopContact({ shop, whatsappText }: ShopContactProps) {
  const i18n = useI18n();
  // Addresses are often typed with the town already in them: say it once.
  const address = [shop.address, shop.address.toLowerCase().includes(shop.town.toLowerCase()) ? '' : shop.town]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="space-y-3">
      <div>
        <p className="font-semibold text-stone-900" data-testid="shop-name">
          {shop.name}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-700">
          {address && (
            <>
              <dt className="font-medium text-stone-900">{i18n._('Address')}</dt>
              <dd>{address}</dd>
            </>
          )}
          {shop.hours && (
            <>
              <dt className="font-medium text-stone-900">{i18n._('Open')}</dt>
              <dd>{shop.hours}</dd>
            </>
          )}
          {shop.phone && (
            <>
              <dt className="font-medium text-stone-900">{i18n._('Phone')}</dt>
              <dd>{formatPhone(shop.phone)}</dd>
            </>
          )}
        </dl>
      </div>
      {shop.phone && (
        <div className="flex flex-wrap gap-2">
          <a href={telHref(shop.phone)} className="btn btn-outline">
            {i18n._('Call the shop')}
            <span className="sr-only"> {shop.name}</span>
          </a>
          {isMobile(shop.phone) && (
            // noreferrer as well: on the order page the address holds the order's private token.
            <a
              href={whatsappHref(shop.phone, whatsappText)}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-outline"
            >
              {i18n._('Chat on WhatsApp')}
              <span className="sr-only"> {i18n._('with {name} (opens WhatsApp)', { name: shop.name })}</span>
            </a>
          )}
        </div>
      )}
    </div>
  );
}
