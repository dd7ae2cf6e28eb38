import { Link } from '../lib/router';
import { usePageTitle } from './use-page-title';

export function AdminNotFound() {
  usePageTitle('Page not found');
  return (
    <section>
      <h1 className="text-xl font-bold text-stone-900">Page not found</h1>
      <p className="mt-2 text-sm text-stone-700">This back-office page does not exist.</p>
      <Link to="/admin/dashboard" className="mt-3 inline-block text-sm font-semibold text-teal-800 underline">
        Go to the dashboard
      </Link>
    </section>
  );
}
