import { Link } from '../../lib/router';
import { BRAND } from '../../lib/brand';
import { DataSaverSwitch } from './DataSaverSwitch';
import { useI18n } from '../../i18n/context';

const quickLinks = [
  { to: '/', label: /*i18n*/ 'Home' },
  { to: '/discover', label: /*i18n*/ 'Buy' },
  { to: '/about', label: /*i18n*/ 'About Us' },
  { to: '/sell', label: /*i18n*/ 'Sell an Item' },
  // Sellers with an account follow all their items here (decision 0011).
  { to: '/account', label: /*i18n*/ 'Seller Account' },
];
const supportLinks = [
  { to: '/faq', label: /*i18n*/ 'FAQs' },
  { to: '/contact', label: /*i18n*/ 'Contact Us' },
  { to: '/terms', label: /*i18n*/ 'Terms & Conditions' },
  { to: '/privacy', label: /*i18n*/ 'Privacy Policy' },
];
// Social accounts do not exist yet: named, but not links that would lead nowhere.
const socials = ['Facebook', 'Instagram', 'WhatsApp'];

function LinkList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  const i18n = useI18n();
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex min-h-11 items-center text-stone-200 hover:text-white hover:underline"
            >
              {i18n._(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const i18n = useI18n();
  return (
    <footer className="on-dark mt-8 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        <LinkList title={i18n._('Quick Links')} links={quickLinks} />
        <LinkList title={i18n._('Support')} links={supportLinks} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{i18n._('Follow us')}</h2>
          <ul className="mt-2 space-y-2 text-stone-300">
            {socials.map((name) => (
              <li key={name}>
                {name} <span className="text-xs text-stone-400">{i18n._('(coming soon)')}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-6">
        <DataSaverSwitch />
      </div>
      <p className="border-t border-stone-700 px-4 py-4 text-center text-sm text-stone-300">
        {i18n._('© {year} {brand}. All rights reserved.', { year: new Date().getFullYear(), brand: BRAND })}
      </p>
    </footer>
  );
}
