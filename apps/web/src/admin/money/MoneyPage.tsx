import { useMutation, useQuery } from '@tanstack/react-query';
import { moneyQuerySchema, formatCalendarDay } from '@marketplace/shared';
import { errorMessage } from '../../lib/api-client';
import { Loaded, TableSkeleton, EmptyNote } from '../components/status';
import { buttonStyles, PageHeader } from '../components/ui';
import { useShopChoices } from '../components/ShopSelect';
import { notifyError } from '../toasts';
import { usePageTitle } from '../use-page-title';
import { AttentionList } from './AttentionList';
import { downloadCsv, MONEY_ERRORS, summaryQuery } from './api';
import { DayTable } from './DayTable';
import { methodsOf } from './figures';
import { MoneyFilterBar } from './MoneyFilterBar';
import { MoneyTotals } from './MoneyTotals';
import { moneyQueryOf, useMoneyFilters } from './period';
import { RefundWeeks } from './RefundWeeks';

/**
 * What each shop took in, refunded, paid out and kept, per day, from the ledger (docs/decisions/0049, 0051);
 * every figure opens its entries. Staff only read here: Admins and Moderators alike.
 */
export function MoneyPage() {
  usePageTitle('Money');
  const [filters, setFilters] = useMoneyFilters();
  const shops = useShopChoices();
  const q = moneyQueryOf(filters);
  // Custom dates from an edited link are checked as the API would before anything is asked.
  const check = moneyQuerySchema.safeParse(q);
  const summary = useQuery({ ...summaryQuery(q), enabled: check.success });
  const csv = useMutation({
    mutationFn: () => downloadCsv(q),
    onError: (error) => notifyError(errorMessage(error, MONEY_ERRORS.csv)),
  });
  const shopName = filters.shopId === null ? 'all shops' : (shops?.find((s) => s.id === filters.shopId)?.name ?? '');
  const period =
    q.from === q.to ? formatCalendarDay(q.from) : `${formatCalendarDay(q.from)} to ${formatCalendarDay(q.to)}`;

  return (
    <section className="space-y-4">
      <PageHeader
        title="Money"
        action={
          <button
            type="button"
            className={buttonStyles.secondary}
            disabled={!check.success || csv.isPending}
            onClick={() => csv.mutate()}
          >
            {csv.isPending ? 'Downloading…' : 'Download CSV'}
          </button>
        }
      >
        <p className="text-sm text-stone-600">From the ledger, by day in UTC. Each figure opens its entries.</p>
      </PageHeader>
      <MoneyFilterBar filters={filters} onChange={setFilters} />
      {!check.success ? (
        <EmptyNote>{`Choose the dates: ${check.error.issues[0]?.message ?? 'they are not valid'}.`}</EmptyNote>
      ) : (
        <Loaded
          resource={summary}
          fallback={MONEY_ERRORS.summary}
          skeleton={<TableSkeleton label="Loading figures…" />}
        >
          {(data) => (
            <>
              <h2 className="text-base font-semibold text-stone-900" aria-live="polite">
                {`${period}, ${shopName}`}
              </h2>
              <MoneyTotals totals={data.totals} filter={q} where={`${period}, ${shopName}`} />
              <AttentionList items={data.attention} />
              <h2 className="pt-2 text-base font-semibold text-stone-900">Per shop and day</h2>
              {data.days.length === 0 ? (
                <EmptyNote>No money moved in this period.</EmptyNote>
              ) : (
                <DayTable days={data.days} methods={methodsOf(data.totals.taken_in)} />
              )}
            </>
          )}
        </Loaded>
      )}
      <RefundWeeks shopId={filters.shopId ?? undefined} />
    </section>
  );
}
