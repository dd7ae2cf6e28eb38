import { Link } from '../../lib/router';
import { pageTitle } from '../../lib/brand';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <title>{pageTitle('Page not found')}</title>
      <h1 className="page-title">Page not found</h1>
      <p className="mt-2 text-stone-700">The page you asked for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary mt-6">
        Go to the home page
      </Link>
    </section>
  );
}
