import { TAKEN_IN_KINDS, methodLabel } from '@marketplace/shared';
import { Card } from '../components/ui';
import type { EntriesFilter } from './api';
import { FigureLink } from './FigureLink';
import { methodsOf, OUT_AND_NET, takenInTotal, type Figures } from './figures';

// On a phone each out-going figure and the net is one line, name left and figure right: a half-width card would
// break 'MWK 12,450,000' in two. From sm up they are cards side by side.
const figureStyle = 'text-lg font-bold sm:mt-1 lg:text-xl';

/** The period's totals: taken in (and by method), refunded, paid to sellers, fees, net; each opens its entries. */
export function MoneyTotals({ totals, filter, where }: { totals: Figures; filter: EntriesFilter; where: string }) {
  return (
    <ul aria-label="Totals" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
      <li className="sm:col-span-2 lg:col-span-1">
        <Card className="h-full p-4">
          <p className="text-sm font-medium text-stone-600">Taken in</p>
          <p className={`${figureStyle} mt-1`} data-testid="total-taken-in">
            <FigureLink
              amount={takenInTotal(totals.taken_in)}
              filter={{ ...filter, kind: TAKEN_IN_KINDS }}
              label={`taken in, ${where}`}
              showZero
            />
          </p>
          <ul className="mt-2 space-y-1 text-sm">
            {methodsOf(totals.taken_in).map((method) => (
              // A narrow card puts the figure under its method rather than break it.
              <li key={method} className="flex flex-wrap justify-between gap-x-2">
                <span className="text-stone-700">{methodLabel(method)}</span>
                <span className="whitespace-nowrap">
                  <FigureLink
                    amount={totals.taken_in[method] ?? 0}
                    filter={{ ...filter, kind: TAKEN_IN_KINDS, method }}
                    label={`${methodLabel(method)} taken in, ${where}`}
                  />
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </li>
      {OUT_AND_NET.map(({ field, label, kind }) => (
        <li key={field}>
          <Card className="flex h-full items-baseline justify-between gap-3 p-4 sm:block">
            <p className="text-sm font-medium text-stone-600">{label}</p>
            <p className={figureStyle} data-testid={`total-${field}`}>
              <FigureLink
                amount={totals[field]}
                filter={{ ...filter, kind }}
                label={`${label.toLowerCase()}, ${where}`}
                showZero
              />
            </p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
