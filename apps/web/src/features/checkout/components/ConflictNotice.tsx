import { formatMoney } from '@marketplace/shared';

export interface ConflictReport {
  /** Items the server refused; `reserved`: another buyer holds it (otherwise sold or unlisted). */
  taken: { id: number; name: string; reserved: boolean }[];
  changed: { id: number; name: string; from: number; to: number }[];
  /** Whether anything is left to order. */
  rest: boolean;
}

/** Why the order did not go through: which items were taken, which prices changed, and what happens now. */
export function ConflictNotice({ report }: { report: ConflictReport }) {
  return (
    <div role="alert" className="space-y-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">Your order was not placed: something changed while you were ordering.</p>
      <ul className="list-disc space-y-1 pl-5">
        {report.taken.map((item) => (
          <li key={item.id}>{item.reserved ? `${item.name} was just reserved by another buyer` : `${item.name} is no longer available`}</li>
        ))}
        {report.changed.map((item) => (
          <li key={item.id}>
            {item.name}: the price changed from {formatMoney(item.from)} to {formatMoney(item.to)}
          </li>
        ))}
      </ul>
      <p>
        {report.taken.length > 0 ? 'We took those items out of your basket. ' : ''}
        {report.rest ? 'Check your order and confirm again.' : 'Nothing is left to order.'}
      </p>
    </div>
  );
}
