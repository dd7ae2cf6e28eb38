import { formatMoney } from '@marketplace/shared';
import { useI18n } from '../../../i18n/context';

export interface ConflictReport {
  /**
   * Items the server refused: another buyer holds it, it started moving to another shop meanwhile (`town`, decision
   * 0062), or it is sold or unlisted.
   */
  taken: { id: number; name: string; why: 'reserved' | 'moving' | 'gone'; town: string | null }[];
  changed: { id: number; name: string; from: number; to: number }[];
  /** Whether anything is left to order. */
  rest: boolean;
}

/** Why the order did not go through: which items were taken, which prices changed, and what happens now. */
export function ConflictNotice({ report }: { report: ConflictReport }) {
  const i18n = useI18n();
  return (
    <div role="alert" className="space-y-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">{i18n._('Your order was not placed: something changed while you were ordering.')}</p>
      <ul className="list-disc space-y-1 pl-5">
        {report.taken.map((item) => (
          <li key={item.id}>
            {item.why === 'reserved'
              ? i18n._('{name} was just reserved by another buyer', { name: item.name })
              : item.why === 'moving'
                ? i18n._('{name} is on its way to {town}: order it again once it is there', {
                    name: item.name,
                    town: item.town ?? '',
                  })
                : i18n._('{name} is no longer available', { name: item.name })}
          </li>
        ))}
        {report.changed.map((item) => (
          <li key={item.id}>
            {i18n._('{name}: the price changed from {from} to {to}', {
              name: item.name,
              from: formatMoney(item.from),
              to: formatMoney(item.to),
            })}
          </li>
        ))}
      </ul>
      <p>
        {report.taken.length > 0 ? `${i18n._('We took those items out of your basket.')} ` : ''}
        {report.rest ? i18n._('Check your order and confirm again.') : i18n._('Nothing is left to order.')}
      </p>
    </div>
  );
}
