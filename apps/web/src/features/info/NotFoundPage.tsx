import { Link } from '../../lib/router';
import { pageTitle } from '../../lib/brand';
import { Title } from '../../lib/head';
import { useI18n } from '../../i18n/context';

export function NotFoundPage() {
  const i18n = useI18n();
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <Title>{pageTitle(i18n._('Page not found'))}</Title>
      <h1 className="page-title">{i18n._('Page not found')}</h1>
      <p className="mt-2 text-stone-700">{i18n._('The page you asked for does not exist or has moved.')}</p>
      <Link to="/" className="btn btn-primary mt-6">
        {i18n._('Go to the home page')}
      </Link>
    </section>
  );
}
