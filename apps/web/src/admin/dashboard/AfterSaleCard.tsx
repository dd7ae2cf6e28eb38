import { formatMoney, RETURN_RATE_DAYS, type DashboardAfterSale } from '@marketplace/shared';
import { Card, td, th } from '../components/ui';
import { cameBackText } from '../components/came-back';

const count = new Intl.NumberFormat('en-MW');

/**
 * After the sale (issue 38): this week's returns and warranty claims per shop, what was refunded, and the categories
 * whose sold items came back most, so a shop sees where its after-sale work and costs come from.
 */
export function AfterSaleCard({ figures }: { figures: DashboardAfterSale | undefined }) {
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-base font-semibold text-stone-900">After the Sale This Week</h2>
      {!figures ? (
        <div className="h-24 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-stone-700">
            {'Refunded for returns: '}
            <strong className="tabular-nums text-stone-900" data-testid="refunded-this-week">
              {formatMoney(figures.refunded_this_week)}
            </strong>
          </p>
          {figures.by_shop.length === 0 ? (
            <p className="text-sm text-stone-600">No returns or warranty claims this week.</p>
          ) : (
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Returns and warranty claims this week, per shop</caption>
              <thead>
                <tr>
                  <th className={th}>Shop</th>
                  <th className={`${th} text-right`}>Returns</th>
                  <th className={`${th} text-right`}>Warranty claims</th>
                </tr>
              </thead>
              <tbody>
                {figures.by_shop.map((shop) => (
                  <tr key={shop.shop_id ?? 'none'}>
                    <th scope="row" className={`${td} font-normal [overflow-wrap:anywhere]`}>
                      {shop.shop_name ?? 'No shop'}
                    </th>
                    <td className={`${td} text-right tabular-nums`}>{count.format(shop.returns)}</td>
                    <td className={`${td} text-right tabular-nums`}>{count.format(shop.warranty_claims)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div>
            <h3 className="mb-1 text-sm font-semibold text-stone-900">{`Items that came back, last ${RETURN_RATE_DAYS} days`}</h3>
            {figures.rate_by_category.length === 0 ? (
              <p className="text-sm text-stone-600">No items sold yet.</p>
            ) : (
              <ol className="divide-y divide-stone-100 text-sm" aria-label="Return rate per category">
                {figures.rate_by_category.map((c) => (
                  <li key={c.category_id} className="flex justify-between gap-3 py-1.5">
                    <span className="[overflow-wrap:anywhere]">{c.category_name}</span>
                    <span className="shrink-0 tabular-nums text-stone-700">{cameBackText(c)}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
