import { formatStaffTime } from '@marketplace/shared';
import { Link, useParams } from '../../lib/router';
import { RecordScreen } from '../components/RecordScreen';
import { TableSkeleton } from '../components/status';
import { Badge, buttonStyles, Card, wrapping } from '../components/ui';
import { usePageTitle } from '../use-page-title';
import { useRecord, useRecordActions } from '../use-record';
import { RETURN_ERRORS, returnKeys, returnQuery, type ReturnAction, type StaffReturn } from './api';
import { ReturnActionDialog } from './ReturnActionDialogs';
import { AskCard, OrderItemCard, OutcomeCard, ReturnHistory } from './ReturnCards';
import {
  RETURN_ACTION_LABELS,
  RETURN_ACTIONS_BY_STATUS,
  RETURN_KIND_LABELS,
  RETURN_STATUS_LABELS,
  RETURN_STATUS_TONES,
} from './labels';

const SUCCESS: Record<ReturnAction, string> = {
  receive: 'Item received.',
  refund: 'Refund recorded.',
  send: 'Sent for repair.',
  back: 'Back from repair: the buyer gets an SMS.',
  hand_over: 'Handed over to the buyer.',
  replace: 'Replacement recorded.',
  decline: 'Return declined.',
  'write-off': 'Item written off.',
};

// Said when the IMEI read at the counter is not the one recorded when the item came in, should the server not word it.
const IMEI_MISMATCH =
  'The IMEI read at the counter is not the one recorded when this item came in. Check it is the same item.';

/** Return detail: the buyer's ask, the order and item, what the counter found, the steps the status allows, the dates. */
export function ReturnDetailPage() {
  const { id = '' } = useParams();
  const { record, changed, refetch } = useRecord(returnQuery(id), returnKeys.all);
  const reference = record.data?.reference;
  usePageTitle(reference ? `Return ${reference}` : 'Return');

  return (
    <RecordScreen
      title={reference ? `Return ${reference}` : 'Return'}
      back={{ to: '/admin/returns', label: 'Back to returns' }}
      resource={record}
      fallback={RETURN_ERRORS.one}
      notFound="Return not found."
      skeleton={<TableSkeleton rows={6} label="Loading the return…" />}
    >
      {(loaded) => <ReturnDetail ret={loaded} onChanged={changed} onStale={refetch} />}
    </RecordScreen>
  );
}

function ReturnDetail({
  ret,
  onChanged,
  onStale,
}: {
  ret: StaffReturn;
  onChanged: (next: StaffReturn) => void;
  onStale: () => void;
}) {
  const { open, setOpen, busy, run } = useRecordActions<ReturnAction, StaffReturn>({
    success: (action) => SUCCESS[action],
    fallback: (action) => RETURN_ERRORS[action],
    done: (_action, updated) => onChanged(updated),
    onStale,
  });
  // An item written off already is out of stock for good: nothing more to do with it.
  const actions = RETURN_ACTIONS_BY_STATUS[ret.status].filter((a) => a !== 'write-off' || !ret.written_off_at);
  const warning = ret.warning ?? (ret.imei_matches === false ? IMEI_MISMATCH : null);
  // Back on the shelf unpublished: staff publish it from the product's page when it is ready.
  const backInStock = (ret.status === 'refunded' || ret.status === 'replaced') && ret.product_id !== null;

  return (
    <div className="space-y-5">
      <Card className="p-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-700">
          <p>
            Status: <Badge tone={RETURN_STATUS_TONES[ret.status]}>{RETURN_STATUS_LABELS[ret.status]}</Badge>
          </p>
          <p>{RETURN_KIND_LABELS[ret.kind]}</p>
          <p>
            Asked <time dateTime={ret.created_at}>{formatStaffTime(ret.created_at)}</time>
          </p>
        </div>
        {warning && (
          <p
            role="alert"
            data-testid="return-warning"
            className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
          >
            {warning}
          </p>
        )}
      </Card>

      <div className="grid gap-5 lg:grid-cols-2">
        <Card className="p-4">
          <h2 className="text-base font-semibold text-stone-900">Actions</h2>
          {actions.length === 0 ? (
            <p className="mt-2 text-sm text-stone-700">Nothing more to do: this return is settled.</p>
          ) : (
            <div className="mt-3 grid grid-cols-2 gap-2">
              {actions.map((action, index) => (
                <button
                  key={action}
                  type="button"
                  className={`${wrapping(index === 0 ? buttonStyles.primary : buttonStyles.secondary)} min-h-11`}
                  disabled={busy}
                  onClick={() => setOpen(action)}
                >
                  {RETURN_ACTION_LABELS[action]}
                </button>
              ))}
            </div>
          )}
          {backInStock && ret.written_off_at && (
            <p className="mt-3 text-sm text-stone-800">
              The item was written off on{' '}
              <time dateTime={ret.written_off_at}>{formatStaffTime(ret.written_off_at)}</time>: it leaves stock for
              good.
            </p>
          )}
          {backInStock && !ret.written_off_at && (
            <p className="mt-3 text-sm text-stone-800">
              The item is back in stock, unpublished.{' '}
              <Link to={`/admin/products/${ret.product_id}`} className="text-teal-800 underline">
                Edit the product to publish it again
              </Link>
            </p>
          )}
        </Card>
        <AskCard ret={ret} />
        <OrderItemCard ret={ret} />
        <OutcomeCard ret={ret} />
      </div>

      <ReturnHistory ret={ret} />
      {open && (
        <ReturnActionDialog key={open} action={open} ret={ret} busy={busy} onCancel={() => setOpen(null)} run={run} />
      )}
    </div>
  );
}
