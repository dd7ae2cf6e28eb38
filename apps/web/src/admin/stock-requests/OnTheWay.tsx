import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SHOP_STAFF, type MovingItem, formatStaffTime } from '@marketplace/shared';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { ProductCell, ShopCell } from './StockCells';
import { meQuery } from '../auth-api';
import { DataTable, RowActions, RowButton } from '../components/DataTable';
import { Loaded, TableSkeleton } from '../components/status';
import { td } from '../components/ui';
import { endMove, MOVE_ERRORS, moveKeys } from '../components/stock-moves-api';
import { notifyError, notifySuccess } from '../toasts';
import { movingQuery, STOCK_REQUEST_ERRORS, stockRequestKeys } from './api';

/**
 * Items on the road between shops (docs/decisions/0062): the destination marks one received when it arrives,
 * either end may call the move off. Shop staff see the moves that leave or reach their shop.
 */
export function OnTheWay() {
  const queryClient = useQueryClient();
  const moving = useQuery(movingQuery());
  const me = useQuery(meQuery()).data;
  const [busy, setBusy] = useState<number | null>(null);
  // Only the destination's staff can say it arrived (the server refuses the rest): others are not offered it.
  const canReceive = (move: MovingItem) => me?.role !== SHOP_STAFF || me.shop_id === move.to_shop.id;

  async function end(move: MovingItem, step: 'receive' | 'cancel') {
    setBusy(move.product_id);
    try {
      await endMove(move.product_id, step);
      notifySuccess(step === 'receive' ? 'Item received' : 'Move cancelled');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: stockRequestKeys.moving }),
        queryClient.invalidateQueries({ queryKey: moveKeys.products }),
      ]);
    } catch (failure) {
      notifyError(errorMessage(failure, step === 'receive' ? MOVE_ERRORS.receive : MOVE_ERRORS.cancel));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="on-the-way-heading" className="space-y-3">
      <h2 id="on-the-way-heading" className="text-lg font-semibold text-stone-900">
        On the way
      </h2>
      <Loaded
        resource={moving}
        fallback={STOCK_REQUEST_ERRORS.moving}
        skeleton={<TableSkeleton />}
        isEmpty={(data) => data.moves.length === 0}
        empty="No items on their way between shops."
      >
        {(data) => (
          <DataTable label="Items on their way" columns={['Item', 'From', 'To', 'Since']} actions="Actions">
            {data.moves.map((m) => (
              <tr key={m.id}>
                <ProductCell id={m.product_id} name={m.product_name} />
                <ShopCell shop={m.from_shop} />
                <ShopCell shop={m.to_shop} />
                <td className={`${td} whitespace-nowrap`}>{formatStaffTime(m.created_at)}</td>
                <RowActions>
                  {canReceive(m) && (
                    <RowButton
                      label={`Mark received: ${m.product_name}`}
                      disabled={busy === m.product_id}
                      onClick={() => void end(m, 'receive')}
                    >
                      Mark received
                    </RowButton>
                  )}
                  <RowButton
                    label={`Cancel move: ${m.product_name}`}
                    disabled={busy === m.product_id}
                    onClick={() => void end(m, 'cancel')}
                  >
                    Cancel move
                  </RowButton>
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
    </section>
  );
}
