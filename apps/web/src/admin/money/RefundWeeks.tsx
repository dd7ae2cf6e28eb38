import { useQuery } from '@tanstack/react-query';
import { formatCalendarDay, formatMoney, REFUND_WEEKS } from '@marketplace/shared';
import { Loaded, TableSkeleton } from '../components/status';
import { Card } from '../components/ui';
import { MONEY_ERRORS, refundWeeksQuery } from './api';

const lastDay = (from: string) =>
  new Date(Date.parse(`${from}T00:00:00.000Z`) + 6 * 86_400_000).toISOString().slice(0, 10);

/**
 * What returns cost, week by week (issue 38): the refunds of returns over the last 8 weeks, whatever period the
 * figures above show, so a rise stands out. Of the shop chosen, or every shop.
 */
export function RefundWeeks({ shopId }: { shopId: number | undefined }) {
  const weeks = useQuery(refundWeeksQuery(shopId));
  return (
    <section className="space-y-2">
      <h2 className="pt-2 text-base font-semibold text-stone-900">{`Refunds of returns, last ${REFUND_WEEKS} weeks`}</h2>
      <Loaded
        resource={weeks}
        fallback={MONEY_ERRORS.refunds}
        skeleton={<TableSkeleton rows={3} label="Loading refunds…" />}
      >
        {(data) => (
          <Card className="p-3">
            <ol className="divide-y divide-stone-100 text-sm" aria-label="Refunds of returns per week">
              {data.weeks.map((week) => (
                <li key={week.from} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                  <span>{`${formatCalendarDay(week.from, 'short')} to ${formatCalendarDay(lastDay(week.from))}`}</span>
                  <span className="tabular-nums text-stone-900">
                    {formatMoney(week.refunded)}
                    <span className="text-stone-600">{` (${week.refunds} ${week.refunds === 1 ? 'refund' : 'refunds'})`}</span>
                  </span>
                </li>
              ))}
            </ol>
          </Card>
        )}
      </Loaded>
    </section>
  );
}
