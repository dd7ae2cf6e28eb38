import { formatStaffTime } from '@marketplace/shared';
import type { AdminReportedItem, ReportReason } from '@marketplace/shared';
import { DataTable, RowActions, RowButton } from '../components/DataTable';
import { PagedListScreen } from '../components/PagedListScreen';
import { Badge, td } from '../components/ui';
import { Link } from '../../lib/router';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { decideReports, REPORT_ERRORS, REPORTS_PAGE_SIZE, reportKeys, reportsPageQuery } from './api';

const REASONS: Record<ReportReason, string> = {
  wrong_price: 'Wrong price',
  wrong_description: 'Wrong description',
  looks_stolen: 'Looks stolen',
  suspicious_seller: 'Suspicious seller',
};

function StateBadge({ item }: { item: AdminReportedItem }) {
  if (item.awaiting_review) return <Badge tone="yellow">Hidden, awaiting review</Badge>;
  return <Badge tone={item.is_published ? 'green' : 'grey'}>{item.is_published ? 'Published' : 'Unpublished'}</Badge>;
}

/** The item stays (or goes) off sale: said "Keep hidden" when it is already. */
const keepVerb = (item: AdminReportedItem) => (item.is_published ? 'Unpublish' : 'Keep hidden');

/** The items visitors reported, most recently reported first; staff dismiss the reports or unpublish the item. */
export function ReportsListPage() {
  const decision = { fallback: REPORT_ERRORS.decide, invalidates: reportKeys.all };
  const [dismissDialog, onDismiss] = useConfirmedDelete<AdminReportedItem>({
    ...decision,
    question: (item) =>
      item.awaiting_review
        ? `Dismiss the reports of ${item.name}? It goes back on sale.`
        : `Dismiss the reports of ${item.name}?`,
    remove: (item) => decideReports(item.product_id, 'dismiss'),
    success: 'Reports dismissed',
  });
  const [unpublishDialog, onUnpublish] = useConfirmedDelete<AdminReportedItem>({
    ...decision,
    question: (item) => `Keep ${item.name} off sale and close its reports?`,
    remove: (item) => decideReports(item.product_id, 'unpublish'),
    success: 'Item unpublished and reports closed',
  });

  return (
    <PagedListScreen
      title="Reports"
      action={null}
      intro="Items visitors reported. Reports from 3 different checked phones hide an item until you decide; other reports wait here for you."
      query={reportsPageQuery}
      size={REPORTS_PAGE_SIZE}
      fallback={REPORT_ERRORS.list}
      empty="No open reports."
      pagerLabel="Reports pages"
      dialog={
        <>
          {dismissDialog}
          {unpublishDialog}
        </>
      }
    >
      {(items) => (
        <DataTable
          label="Reported items"
          minWidth="min-w-[52rem]"
          columns={[
            'Item',
            'State',
            'Reports',
            { label: 'Visitors', right: true },
            { label: 'Checked phones', right: true },
            'Last reported',
          ]}
          actions="Actions"
        >
          {items.map((item) => (
            <tr key={item.product_id}>
              <td className={`${td} font-medium`}>
                <Link to={`/admin/products/${item.product_id}`} className="text-teal-800 underline">
                  {item.name}
                </Link>
              </td>
              <td className={td}>
                <StateBadge item={item} />
              </td>
              <td className={td}>
                <ul className="space-y-1">
                  {item.reports.map((report, i) => (
                    <li key={i}>
                      <span className="font-semibold">{REASONS[report.reason]}</span>
                      {report.note && <span>: {report.note}</span>}
                      <span className="block text-xs text-stone-600">{formatStaffTime(report.created_at)}</span>
                    </li>
                  ))}
                </ul>
              </td>
              <td className={`${td} text-right tabular-nums`}>{item.visitors}</td>
              <td className={`${td} text-right tabular-nums`}>{item.proved_phones}</td>
              <td className={`${td} whitespace-nowrap`}>{formatStaffTime(item.last_reported_at)}</td>
              <RowActions>
                <RowButton label={`Dismiss reports of ${item.name}`} onClick={() => void onDismiss(item)}>
                  Dismiss
                </RowButton>
                <RowButton label={`${keepVerb(item)} ${item.name}`} onClick={() => void onUnpublish(item)}>
                  {keepVerb(item)}
                </RowButton>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
    </PagedListScreen>
  );
}
