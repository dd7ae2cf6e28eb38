import { Link } from 'react-router';
import { pageTitle } from '../../lib/brand';

/** Spec 2 /sell/success: the four texts and a way to reach the team. */
export function SellSuccessPage() {
  return (
    <section className="card mx-auto max-w-xl px-5 py-10 text-center">
      <title>{pageTitle('Item successfully submitted!')}</title>
      <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-teal-100 text-3xl text-teal-800" aria-hidden="true">
        ✓
      </div>
      <h1 className="page-title">Item successfully submitted!</h1>
      <p className="mt-3 text-stone-800">Our team will review your submission shortly.</p>
      <p className="mt-1 text-stone-800">You'll be contacted with an offer.</p>
      <p className="mt-1 text-stone-800">If accepted, your items will be listed on our platforms or sold in our partner shops.</p>
      <Link to="/contact" className="btn btn-primary mt-6">
        Contact us
      </Link>
    </section>
  );
}
