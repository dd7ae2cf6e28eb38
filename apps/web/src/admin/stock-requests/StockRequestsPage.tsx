import { formatStaffTime } from '@marketplace/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStockRequest } from '@marketplace/shared';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { ProductCell, ShopCell } from './StockCells';
import { ActionModal } from '../components/ActionModal';
import { DataTable, RowActions, RowButton } from '../components/DataTable';
import { Loaded, TableSkeleton } from '../components/status';
import { PageHeader, td, TextAreaField } from '../components/ui';
import { notifyError, notifySuccess } from '../toasts';
import { usePageTitle } from '../use-page-title';
import { decideStockRequest, STOCK_REQUEST_ERRORS, stockRequestKeys, stockRequestsQuery } from './api';
import { OnTheWay } from './OnTheWay';

type Pending = { request: AdminStockRequest; accept: boolean };

/**
 * Items on their way between shops, and buyers' asks to bring an item to their shop (decision 0062): accept
 * starts the move, decline says why by SMS.
 */
export function StockRequestsPage() {
  usePageTitle('Transfers');
  const queryClient = useQueryClient();
  const requests = useQuery(stockRequestsQuery());
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  async function decide({ request, accept }: Pending) {
    setBusy(true);
    try {
      const left = await decideStockRequest(request.id, accept ? { accept } : { accept, reason });
      queryClient.setQueryData(stockRequestKeys.all, left);
      notifySuccess(accept ? 'Accepted: the item is on its way' : 'Declined: the buyer is told by SMS');
      if (accept) await queryClient.invalidateQueries({ queryKey: stockRequestKeys.moving });
      setPending(null);
      setReason('');
    } catch (failure) {
      notifyError(errorMessage(failure, STOCK_REQUEST_ERRORS.decide));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="space-y-8">
      <PageHeader title="Transfers" action={null}>
        Items on their way between shops, and buyers in another town asking for an item to be brought to their shop.
      </PageHeader>
      <OnTheWay />
      <section aria-labelledby="requests-heading" className="space-y-3">
        <h2 id="requests-heading" className="text-lg font-semibold text-stone-900">
          Requests from buyers
        </h2>
        <p className="text-sm text-stone-700">They hear your answer by SMS.</p>
        <Loaded
          resource={requests}
          fallback={STOCK_REQUEST_ERRORS.list}
          skeleton={<TableSkeleton />}
          isEmpty={(data) => data.transfer_requests.length === 0}
          empty="No open transfer requests."
        >
          {(data) => (
            <DataTable label="Transfer requests" columns={['Item', 'To', 'Buyer', 'Asked']} actions="Actions">
              {data.transfer_requests.map((r) => (
                <tr key={r.id}>
                  <ProductCell id={r.product_id} name={r.product_name} />
                  <ShopCell shop={r.to_shop} />
                  <td className={td}>
                    {r.buyer_name}, {r.phone}
                  </td>
                  <td className={`${td} whitespace-nowrap`}>{formatStaffTime(r.created_at)}</td>
                  <RowActions>
                    <RowButton
                      label={`Accept ${r.product_name} to ${r.to_shop.town}`}
                      onClick={() => setPending({ request: r, accept: true })}
                    >
                      Accept
                    </RowButton>
                    <RowButton
                      label={`Decline ${r.product_name} to ${r.to_shop.town}`}
                      onClick={() => setPending({ request: r, accept: false })}
                    >
                      Decline
                    </RowButton>
                  </RowActions>
                </tr>
              ))}
            </DataTable>
          )}
        </Loaded>
      </section>
      {pending && (
        <ActionModal
          title={pending.accept ? 'Accept the transfer' : 'Decline the transfer'}
          description={
            pending.accept
              ? `Send ${pending.request.product_name} to ${pending.request.to_shop.name}? It cannot be ordered until it is received there.`
              : `Tell ${pending.request.buyer_name} why ${pending.request.product_name} cannot come to ${pending.request.to_shop.town}.`
          }
          question={pending.accept}
          busy={busy}
          onCancel={() => setPending(null)}
          onSubmit={(event) => {
            event.preventDefault();
            void decide(pending);
          }}
        >
          {!pending.accept && (
            <TextAreaField
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              maxLength={300}
            />
          )}
        </ActionModal>
      )}
    </section>
  );
}
