import { loadShops, SHOPS_FAILED } from '../../lib/shops';
import { useAsync } from '../../lib/use-async';
import { useI18n } from '../../i18n/context';
import { InfoPage } from './InfoPage';

/** A shop's contact field reads 'hours · phone'; the phone becomes a tap-to-call link. */
function splitContact(contact: string): { hours: string; phone: string | null } {
  const [hours = contact, phone] = contact.split(' · ');
  return { hours, phone: phone && /^[\d+\-()\s]+$/.test(phone) ? phone : null };
}

export function ContactPage() {
  const i18n = useI18n();
  const state = useAsync('shops', loadShops);
  return (
    <InfoPage title={i18n._('Contact Us')}>
      <p>
        {i18n._(
          'Questions about an item, an offer you received or a purchase? Visit or call one of our partner shops. Our staff can show you any item listed here before you buy.',
        )}
      </p>
      {state.status === 'loading' && <p aria-live="polite">{i18n._('Loading our shops…')}</p>}
      {state.status === 'error' && <p role="alert">{i18n._(SHOPS_FAILED)}</p>}
      {state.status === 'success' && (
        <ul className="grid list-none! gap-3 pl-0! sm:grid-cols-3">
          {state.data.shops.map((shop) => {
            const { hours, phone } = splitContact(shop.contact);
            return (
              <li key={shop.id} className="rounded-lg border border-stone-200 p-4">
                <h2 className="mt-0!">{shop.name}</h2>
                <p>
                  <span className="font-semibold">{i18n._('Address:')}</span> {shop.address}
                </p>
                <p>
                  <span className="font-semibold">{i18n._('Hours:')}</span> {hours}
                </p>
                {phone && (
                  <p>
                    <span className="font-semibold">{i18n._('Phone:')}</span>{' '}
                    <a href={`tel:${phone.replace(/\s/g, '')}`} className="text-link whitespace-nowrap">
                      {phone}
                    </a>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </InfoPage>
  );
}
