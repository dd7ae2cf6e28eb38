import type { ReactNode } from 'react';

/** A record screen's card heading. */
export function CardTitle({ children }: { children: ReactNode }) {
  return <h2 className="text-base font-semibold text-stone-900">{children}</h2>;
}

/** Terms and their values, two columns that wrap long values rather than widen the card. */
export function Details({ rows }: { rows: [term: string, value: ReactNode][] }) {
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-stone-600">{term}</dt>
          <dd className="text-stone-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
