/** Spec 2: the promo bar tells visitors that notifications and promotions are still being built. */
export function PromoBar() {
  return (
    <div className="bg-stone-900 px-4 py-2 text-center text-xs text-white sm:text-sm" role="note">
      Promotions and notifications are in development.
    </div>
  );
}
