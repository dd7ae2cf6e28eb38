import { orderStatusTone } from '@marketplace/shared';
import { useI18n } from '../../../i18n/context';
import { translateKnown } from '../../../i18n/labels';

const TONES = {
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  blue: 'bg-sky-100 text-sky-900',
  yellow: 'bg-amber-100 text-amber-950',
} as const;

/** The status name (marked in packages/shared/src/order-flow.ts) in the reader's language. */
export function StatusBadge({ status }: { status: string }) {
  const i18n = useI18n();
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-sm font-bold ${TONES[orderStatusTone(status)]}`}>
      {translateKnown(i18n, status)}
    </span>
  );
}
