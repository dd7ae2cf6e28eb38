import { Link } from '../../../lib/router';
import { useI18n } from '../../../i18n/context';

/** The Start Selling banner leads to /sell. */
export function StartSellingBanner() {
  const i18n = useI18n();
  return (
    <section aria-labelledby="start-selling" className="on-dark rounded-lg bg-teal-800 px-5 py-8 text-white sm:px-10">
      <h2 id="start-selling" className="text-2xl font-bold">
        {i18n._('Start Selling')}
      </h2>
      <p className="mt-2 max-w-xl text-teal-50">
        {i18n._('Have a phone, laptop or TV you no longer use? Send us a few photos and we will make you an offer.')}
      </p>
      <Link to="/sell" className="btn btn-light mt-4">
        {i18n._('Sell an Item')}
      </Link>
    </section>
  );
}
