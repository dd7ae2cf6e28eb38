import { useQueryClient } from '@tanstack/react-query';
import {
  allowed,
  approveLabel,
  flagsOf,
  formatMoney,
  hintOf,
  statusTone,
  type SellerRequest,
  formatStaffTime,
} from '@marketplace/shared';
import { Link, useNavigate, useParams } from '../../lib/router';
import { ProductImage } from '../../components/ProductImage';
import { CARD_IMAGE } from '../../lib/images';
import { DataTable } from '../components/DataTable';
import { RecordScreen } from '../components/RecordScreen';
import { TableSkeleton } from '../components/status';
import { Badge, buttonStyles, Card, td, wrapping } from '../components/ui';
import { usePageTitle } from '../use-page-title';
import { ActionDialog, type ButtonAction } from './ActionDialogs';
import { useRecord, useRecordActions } from '../use-record';
import { SELLER_ERRORS, sellerRequestKeys, sellerRequestQuery, setRequestDevice } from './api';
import { RequestCondition } from './RequestCondition';
import { DeviceSection } from '../components/DeviceSection';
import { RequestHistory } from './RequestHistory';
import { OfferEstimate } from './RequestEstimates';
import { SellerCameBack } from './SellerCameBack';
import { RequestMessages } from './RequestMessages';
import { PayoutPanel } from './PayoutPanel';
import { ArchiveControl } from './ArchiveControl';
import { markStale } from '../query-client';

const BACK = '/admin/seller-requests';
const SUCCESS: Record<ButtonAction, string> = {
  approve: 'Seller request approved',
  offer: 'Offer sent to the seller',
  addToInventory: 'Item added to inventory',
  recordAcceptance: 'Seller acceptance recorded',
  counter: 'Counter offer recorded',
  reject: 'Seller request rejected',
  delete: 'Seller request deleted',
};

/**
 * Button order and wording (docs/product.md#seller-request-detail); the approve button's text follows the flow
 * (approveLabel).
 */
const BUTTONS: { action: ButtonAction; label: string; style: keyof typeof buttonStyles }[] = [
  { action: 'approve', label: '', style: 'primary' },
  { action: 'offer', label: 'Make Offer', style: 'secondary' },
  // Walk-in and phone sellers accept in person (docs/decisions/0010); the item can then be added.
  { action: 'recordAcceptance', label: 'Seller accepted', style: 'secondary' },
  { action: 'addToInventory', label: 'Add to Inventory', style: 'secondary' },
  { action: 'counter', label: 'Counter offer', style: 'secondary' },
  { action: 'reject', label: 'Reject offer', style: 'secondary' },
  { action: 'delete', label: 'Delete offer', style: 'danger' },
];

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => word.charAt(0).toUpperCase()).join('') || '?';
}

/** Seller request detail: who, what, the photos, the flow's actions and everything that happened. */
export function SellerRequestDetailPage() {
  const { id = '' } = useParams();
  const { record: request, changed, refetch } = useRecord(sellerRequestQuery(id), sellerRequestKeys.all);
  // The reference is what the seller reads out on the phone: the tab names it too.
  usePageTitle(request.data ? `Seller Request ${request.data.reference}` : 'Seller Request');

  return (
    <RecordScreen
      title="Seller Request"
      back={{ to: BACK, label: 'Back to seller requests' }}
      resource={request}
      fallback={SELLER_ERRORS.one}
      notFound="Seller not found."
      skeleton={<TableSkeleton rows={6} label="Loading the seller request…" />}
    >
      {(loaded) => <RequestDetail request={loaded} onChanged={changed} onStale={refetch} />}
    </RecordScreen>
  );
}

function RequestDetail({
  request,
  onChanged,
  onStale,
}: {
  request: SellerRequest;
  onChanged: (next: SellerRequest) => void;
  onStale: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { open, setOpen, busy, run } = useRecordActions<ButtonAction, SellerRequest | void>({
    success: (action) => SUCCESS[action],
    fallback: (action) => SELLER_ERRORS[action],
    done: (action, next) => {
      if (action === 'delete' || !next) {
        markStale(queryClient, sellerRequestKeys.all);
        navigate(BACK);
      } else onChanged(next);
    },
    onStale,
  });
  const flags = flagsOf(request.status);
  const hint = hintOf(flags);
  const label = (action: ButtonAction, text: string) => (action === 'approve' ? approveLabel(flags) : text);

  const first = request.images[0] ?? null;
  return (
    <div className="space-y-5">
      <Card className="flex flex-wrap items-center gap-4 p-4">
        <div
          aria-hidden="true"
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-teal-700 text-lg font-bold text-white"
        >
          {initials(request.seller_name)}
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold text-stone-900">{request.seller_name}</h2>
          <p className="text-sm text-stone-700">
            Reference{' '}
            <span
              className="font-mono text-base font-bold tracking-wide text-stone-900"
              data-testid="request-reference"
            >
              {request.reference}
            </span>
          </p>
          <p className="text-sm break-all text-stone-700">
            <a href={`mailto:${request.email}`} className="underline">
              {request.email}
            </a>
          </p>
          <p className="text-sm text-stone-700">
            <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`} className="underline">
              {request.phone}
            </a>
          </p>
        </div>
        <div className="text-sm text-stone-700">
          <p>
            Status: <Badge tone={statusTone(request.status)}>{request.status}</Badge>
          </p>
          <p className="mt-1">Submitted {formatStaffTime(request.created_at)}</p>
          {request.offer_expires_at && (
            <p className="mt-1 font-medium text-amber-900">
              Offer expires <time dateTime={request.offer_expires_at}>{formatStaffTime(request.offer_expires_at)}</time>
            </p>
          )}
        </div>
      </Card>

      <DataTable
        label="Item"
        minWidth="min-w-[19rem]"
        columns={['Image', 'Product name', 'Category', { label: 'Price', right: true }]}
      >
        <tr>
          <td className={td}>
            <ProductImage
              file={first}
              alt={request.item_name}
              size={CARD_IMAGE}
              eager
              className="aspect-[4/5] w-12 rounded"
            />
          </td>
          <td className={`${td} font-medium`}>{request.item_name}</td>
          <td className={td}>{request.category?.name ?? 'N/A'}</td>
          <td className={`${td} text-right tabular-nums`}>
            <span className="whitespace-nowrap" data-testid="request-price">
              {formatMoney(request.price)}
            </span>
            <OfferEstimate id={request.id} />
          </td>
        </tr>
      </DataTable>

      <div className="grid gap-5 lg:grid-cols-2">
        <Card className="p-4">
          <h2 className="text-base font-semibold text-stone-900">Actions</h2>
          <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {/* A request money names is archived, never deleted (docs/decisions/0082). */}
            {BUTTONS.filter(({ action }) => action !== 'delete' || !request.money_recorded).map(
              ({ action, label: text, style }) => (
                <button
                  key={action}
                  type="button"
                  className={`${wrapping(buttonStyles[style])} min-h-11`}
                  disabled={busy || !allowed(flags, action)}
                  onClick={() => setOpen(action)}
                >
                  {label(action, text)}
                </button>
              ),
            )}
          </div>
          <p role="status" className="mt-3 text-sm font-medium text-stone-800 empty:hidden" data-testid="status-hint">
            {hint ?? ''}
          </p>
          <ArchiveControl request={request} onChanged={onChanged} onStale={onStale} />
          {request.product_id !== null && (
            <p className="mt-2 text-sm">
              <Link to={`/admin/products/${request.product_id}`} className="font-medium text-teal-800 underline">
                View the product in the inventory
              </Link>
            </p>
          )}
        </Card>
        <Card className="p-4">
          <h2 className="text-base font-semibold text-stone-900">Details</h2>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">Location</dt>
            <dd className="text-stone-900">{request.location}</dd>
            <dt className="text-stone-600">Notify on offer</dt>
            <dd className="text-stone-900">{request.notify_on_offer ? 'Yes' : 'No'}</dd>
            <dt className="text-stone-600">Seller account</dt>
            <dd className="text-stone-900">{request.create_seller_account ? 'Requested' : 'Not requested'}</dd>
          </dl>
          <p className="mt-3 text-sm whitespace-pre-line text-stone-800">{request.description}</p>
          <SellerCameBack id={request.id} />
        </Card>
      </div>

      <PayoutPanel request={request} onChanged={onChanged} onStale={onStale} />

      {/* Keyed by the grade: a save or a reload shows the grade as stored. */}
      <RequestCondition key={request.condition ?? ''} request={request} onChanged={onChanged} onStale={onStale} />

      {/* Keyed by the record: a save or a reload shows the device as stored. */}
      <DeviceSection
        key={JSON.stringify(request.device)}
        device={request.device}
        save={async (device) => onChanged(await setRequestDevice(request.id, device))}
        fallback={SELLER_ERRORS.device}
        onStale={onStale}
      />

      <Card className="p-4">
        <h2 className="text-base font-semibold text-stone-900">Photos</h2>
        {request.images.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">No photos were sent with this request.</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-3" aria-label="Photos">
            {request.images.map((file, index) => (
              <li key={file}>
                <ProductImage
                  file={file}
                  alt={`${request.item_name}, photo ${index + 1} of ${request.images.length}`}
                  size={CARD_IMAGE}
                  className="aspect-[4/5] w-32 rounded-md sm:w-40"
                />
              </li>
            ))}
          </ul>
        )}
      </Card>

      <RequestHistory request={request} />
      <RequestMessages request={request} />
      {open && (
        <ActionDialog
          action={open}
          request={request}
          approveTitle={approveLabel(flags)}
          busy={busy}
          onCancel={() => setOpen(null)}
          run={run}
        />
      )}
    </div>
  );
}
