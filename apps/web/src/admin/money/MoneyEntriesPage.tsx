import {
  formatSignedMoney,
  methodLabel,
  moneyEntriesQuerySchema,
  type MoneyEntry,
  formatCalendarDay,
  formatStaffTime,
} from '@marketplace/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { meQuery } from '../auth-api';
import { DataTable } from '../components/DataTable';
import { PagedListScreen } from '../components/PagedListScreen';
import { AccessDenied } from '../components/status';
import { BackLink, buttonStyles, PageHeader, td } from '../components/ui';
import { usePageTitle } from '../use-page-title';
import { ENTRIES_PAGE_SIZE, entriesPageQuery, MONEY_ERRORS, type EntriesFilter } from './api';
import { CorrectionDialog } from './CorrectionDialog';
import { KIND_LABELS } from './format';

const TITLE = 'Money entries';

/** The order or seller request an entry belongs to, as a link to its screen. */
function Subject({ entry }: { entry: MoneyEntry }) {
  const text = entry.subject_number ?? '';
  if (entry.order_id !== null)
    return (
      <Link to={`/admin/orders/${entry.order_id}`} className="text-teal-800 underline">
        {text || `Order #${entry.order_id}`}
      </Link>
    );
  if (entry.seller_request_id !== null)
    return (
      <Link to={`/admin/seller-requests/${entry.seller_request_id}`} className="text-teal-800 underline">
        {text || `Request #${entry.seller_request_id}`}
      </Link>
    );
  return text;
}

/** '3 Dec 2026 to 4 Dec 2026 · Sale and Payment · Cash' */
function describe(filter: EntriesFilter): string {
  const days =
    filter.from === filter.to
      ? formatCalendarDay(filter.from)
      : `${formatCalendarDay(filter.from)} to ${formatCalendarDay(filter.to)}`;
  const kinds = filter.kind?.map((k) => KIND_LABELS[k as keyof typeof KIND_LABELS]).join(' and ');
  return [days, kinds ?? 'every kind', filter.method ? methodLabel(filter.method) : 'every method'].join(' · ');
}

/**
 * The ledger entries behind one Money figure, newest first, a page at a time. The filters come from the figure's
 * link and are checked by the API's own schema, so an edited link says what is wrong instead of asking.
 */
export function MoneyEntriesPage() {
  const [params] = useSearchParams();
  const parsed = moneyEntriesQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return <InvalidFilters message={parsed.error.issues[0]?.message ?? 'Invalid filters'} />;
  const { limit: _limit, offset: _offset, ...filter } = parsed.data;
  return <EntriesList filter={filter} />;
}

/** The list itself; an Admin may correct any entry from its row (docs/decisions/0082). */
function EntriesList({ filter }: { filter: EntriesFilter }) {
  const isAdmin = useQuery(meQuery()).data?.role === 'Admin';
  const [correcting, setCorrecting] = useState<MoneyEntry | null>(null);
  const back = `/admin/money?period=custom&from=${filter.from}&to=${filter.to}${filter.shop_id ? `&shop_id=${filter.shop_id}` : ''}`;

  return (
    <>
      <PagedListScreen
        title={TITLE}
        action={<BackLink to={back}>Back to Money</BackLink>}
        intro={<p className="text-sm text-stone-600">{describe(filter)}</p>}
        query={entriesPageQuery(filter)}
        size={ENTRIES_PAGE_SIZE}
        fallback={MONEY_ERRORS.entries}
        empty="No entries match."
        pagerLabel="Entries pages"
      >
        {(entries: MoneyEntry[]) => (
          <DataTable
            label={TITLE}
            minWidth="min-w-[52rem]"
            columns={[
              'When',
              { label: 'Amount', right: true },
              'Kind',
              'Method',
              'Shop',
              'Reference',
              'Order or request',
              'Staff',
            ]}
            actions={isAdmin ? 'Correct' : undefined}
          >
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={`${td} whitespace-nowrap`}>
                  <time dateTime={entry.created_at}>{formatStaffTime(entry.created_at)}</time>
                </td>
                <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                  {formatSignedMoney(entry.direction === 'in' ? entry.amount : -entry.amount)}
                </td>
                <td className={td}>
                  {KIND_LABELS[entry.kind]}
                  {entry.corrects_id !== null && (
                    <span className="block text-xs text-stone-600">{`Corrects entry #${entry.corrects_id}`}</span>
                  )}
                  {entry.note && <span className="block text-xs text-stone-600">{entry.note}</span>}
                </td>
                <td className={`${td} whitespace-nowrap`}>{methodLabel(entry.method)}</td>
                <td className={td}>{entry.shop_name ?? '—'}</td>
                <td className={`${td} [overflow-wrap:anywhere]`}>{entry.reference ?? '—'}</td>
                <td className={`${td} whitespace-nowrap`}>
                  <Subject entry={entry} />
                </td>
                <td className={td}>{entry.staff_name ?? '—'}</td>
                {isAdmin && (
                  <td className={`${td} text-right`}>
                    <button
                      type="button"
                      className={buttonStyles.secondary}
                      aria-label={`Correct entry #${entry.id}`}
                      onClick={() => setCorrecting(entry)}
                    >
                      Correct
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </DataTable>
        )}
      </PagedListScreen>
      {correcting && <CorrectionDialog entry={correcting} onClose={() => setCorrecting(null)} />}
    </>
  );
}

function InvalidFilters({ message }: { message: string }) {
  usePageTitle(TITLE);
  return (
    <section>
      <PageHeader title={TITLE} action={<BackLink to="/admin/money">Back to Money</BackLink>} />
      <AccessDenied message={message} />
    </section>
  );
}
