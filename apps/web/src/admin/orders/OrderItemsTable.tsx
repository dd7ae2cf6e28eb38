import { formatMoney, type AdminOrder } from '@marketplace/shared';
import { Link } from '../../lib/router';
import { ProductImage } from '../../components/ProductImage';
import type { ImageSize } from '../../lib/images';
import { DataTable } from '../components/DataTable';
import { td } from '../components/ui';

// The thumbnail is 48 px wide: the smallest size the image endpoint makes is plenty.
const THUMB: ImageSize = { w: 200 };

const money = `${td} whitespace-nowrap text-right tabular-nums`;
const sumLabel = `${td} text-right font-medium text-stone-700`;

/** The order's lines at the prices the server took when the order was placed, then what the buyer pays. */
export function OrderItemsTable({ order }: { order: AdminOrder }) {
  const delivery = order.fulfilment === 'delivery';
  return (
    <DataTable
      label="Items"
      minWidth="min-w-[20rem]"
      columns={['Image', 'Item', { label: 'Price', right: true }]}
      footer={
        <>
          <tr>
            <th scope="row" colSpan={2} className={sumLabel}>
              Subtotal
            </th>
            <td className={money} data-testid="order-subtotal">
              {formatMoney(order.subtotal)}
            </td>
          </tr>
          {delivery && (
            <tr>
              <th scope="row" colSpan={2} className={sumLabel}>
                Delivery fee
              </th>
              <td className={order.delivery_fee === null ? `${td} text-right` : money} data-testid="order-delivery-fee">
                {order.delivery_fee === null ? 'agreed on the phone' : formatMoney(order.delivery_fee)}
              </td>
            </tr>
          )}
          {order.coach && (
            <tr>
              <th scope="row" colSpan={2} className={sumLabel}>
                Coach fare
              </th>
              <td className={order.coach.fare === null ? `${td} text-right` : money} data-testid="order-coach-fare">
                {order.coach.fare === null ? 'paid at the depot' : formatMoney(order.coach.fare)}
              </td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={2} className={`${td} text-right font-semibold text-stone-900`}>
              Total
            </th>
            <td className={`${money} font-bold text-stone-900`} data-testid="order-total">
              {formatMoney(order.total)}
            </td>
          </tr>
        </>
      }
    >
      {order.items.map((item, index) => (
        <tr key={`${item.product_id ?? 'gone'}-${index}`}>
          <td className={`${td} w-16`}>
            <ProductImage file={item.image} alt={item.name} size={THUMB} className="aspect-[4/5] w-12 rounded" />
          </td>
          <td className={`${td} font-medium`}>
            {item.product_id !== null ? (
              <Link to={`/admin/products/${item.product_id}`} className="text-teal-800 underline">
                {item.name}
              </Link>
            ) : (
              item.name
            )}
          </td>
          <td className={money}>{formatMoney(item.price)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
