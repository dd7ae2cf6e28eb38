import { formatMalawiPhone as formatPhone, isMalawiMobile as isMobile, telLink as telHref, whatsappLink as whatsappHref } from '@marketplace/shared';

interface ShopDetails {
  name: string;
  town: string;
  address: string;
  hours: string;
  phone: string | null;
}

interface ShopContactProps {
  shop: ShopDetails;
  /** The WhatsApp message already typed for the buyer (the item and its link, or the order number). */
  whatsappText: string;
}

/** Where a partner shop is, when it is open, and one tap to call it or (on a mobile number) to WhatsApp it. */
export function ShopContact({ shop, whatsappText }: ShopContactProps) {
  // Addresses are often typed with the town already in them: say it once.
  const address = [shop.address, shop.address.toLowerCase().includes(shop.town.toLowerCase()) ? '' : shop.town].filter(Boolean).join(', ');
  return (
    <div className="space-y-3">
      <div>
        <p className="font-semibold text-stone-900" data-testid="shop-name">
          {shop.name}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-700">
          {address && (
            <>
              <dt className="font-medium text-stone-900">Address</dt>
              <dd>{address}</dd>
            </>
          )}
          {shop.hours && (
            <>
              <dt className="font-medium text-stone-900">Open</dt>
              <dd>{shop.hours}</dd>
            </>
          )}
          {shop.phone && (
            <>
              <dt className="font-medium text-stone-900">Phone</dt>
              <dd>{formatPhone(shop.phone)}</dd>
            </>
          )}
        </dl>
      </div>
      {shop.phone && (
        <div className="flex flex-wrap gap-2">
          <a href={telHref(shop.phone)} className="btn btn-outline">
            Call the shop<span className="sr-only"> {shop.name}</span>
          </a>
          {isMobile(shop.phone) && (
            // noreferrer as well: on the order page the address holds the order's private token.
            <a href={whatsappHref(shop.phone, whatsappText)} target="_blank" rel="noopener noreferrer" className="btn btn-outline">
              Chat on WhatsApp<span className="sr-only"> with {shop.name} (opens WhatsApp)</span>
            </a>
          )}
        </div>
      )}
    </div>
  );
}
