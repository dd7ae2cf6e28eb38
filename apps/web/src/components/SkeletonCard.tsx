/** A card-shaped placeholder with the real card's proportions, so the grid does not jump when data lands. */
export function SkeletonCard() {
  return (
    <div className="card overflow-hidden" data-testid="skeleton-card" aria-hidden="true">
      <div className="skeleton aspect-[4/5] w-full rounded-none" />
      <div className="space-y-2 p-3">
        <div className="skeleton h-4 w-4/5" />
        <div className="skeleton h-5 w-1/2" />
        <div className="skeleton h-3 w-2/5" />
        <div className="skeleton h-11 w-full" />
      </div>
    </div>
  );
}
