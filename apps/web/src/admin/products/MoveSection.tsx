import { formatStaffTime } from '@marketplace/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StockMoves } from '@marketplace/shared';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { destinationShopsQuery } from '../components/catalogue-options';
import { Badge, buttonStyles, Card, SelectField } from '../components/ui';
import { notifyError, notifySuccess } from '../toasts';
import { endMove, MOVE_ERRORS, productMovesQuery, startMove } from '../components/stock-moves-api';

const STATE_LABELS = { in_transit: 'In transit', received: 'Received', cancelled: 'Cancelled' } as const;

/** The "Shop moves" card of the product edit page (decision 0062): where the item is going and its history. */
export function MoveSection({ productId, shopId }: { productId: number; shopId: number | null }) {
  const queryClient = useQueryClient();
  const shops = useQuery(destinationShopsQuery()).data ?? [];
  const query = productMovesQuery(productId);
  const moves = useQuery(query);
  const [destination, setDestination] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<StockMoves>, done: string, fallback: string) {
    setBusy(true);
    try {
      queryClient.setQueryData(query.queryKey, await action());
      // The product's shop changes when the item is received.
      await queryClient.invalidateQueries({ queryKey: ['products', 'one', String(productId)] });
      notifySuccess(done);
      setDestination('');
    } catch (failure) {
      notifyError(errorMessage(failure, fallback));
    } finally {
      setBusy(false);
    }
  }

  const current = moves.data?.current ?? null;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="moves-heading" className="space-y-3">
        <h2 id="moves-heading" className="text-lg font-semibold text-stone-900">
          Shop moves
        </h2>
        {moves.error && <p role="alert">{errorMessage(moves.error, MOVE_ERRORS.load)}</p>}
        {current ? (
          <div className="space-y-3" data-testid="move-current">
            <p>
              <Badge tone="yellow">In transit</Badge> to {current.to_shop.name} ({current.to_shop.town}) since{' '}
              {formatStaffTime(current.created_at)}. Buyers see “Coming to {current.to_shop.town} soon” and cannot order
              it.
            </p>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonStyles.primary}
                disabled={busy}
                onClick={() => void run(() => endMove(productId, 'receive'), 'Item received', MOVE_ERRORS.receive)}
              >
                Mark received
              </button>
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={busy}
                onClick={() => void run(() => endMove(productId, 'cancel'), 'Move cancelled', MOVE_ERRORS.cancel)}
              >
                Cancel move
              </button>
            </div>
          </div>
        ) : (
          moves.data && (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                void run(() => startMove(productId, Number(destination)), 'Item on its way', MOVE_ERRORS.move);
              }}
            >
              <SelectField
                label="Destination shop"
                value={destination}
                onChange={(event) => setDestination(event.target.value)}
                disabled={busy}
              >
                <option value="">Select a shop</option>
                {shops
                  .filter((s) => s.id !== shopId)
                  .map((s) => (
                    <option key={s.id} value={String(s.id)}>
                      {s.name} ({s.town})
                    </option>
                  ))}
              </SelectField>
              <button type="submit" className={buttonStyles.primary} disabled={busy || destination === ''}>
                Move to another shop
              </button>
            </form>
          )
        )}
        {moves.data && moves.data.history.length > 0 && (
          <ul className="space-y-1 text-sm text-stone-700" aria-label="Move history">
            {moves.data.history.map((m) => (
              <li key={m.id}>
                {formatStaffTime(m.created_at)}: {m.from_shop ? m.from_shop.name : 'No shop'} → {m.to_shop.name},{' '}
                {STATE_LABELS[m.state]}
                {m.closed_at ? ` ${formatStaffTime(m.closed_at)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
