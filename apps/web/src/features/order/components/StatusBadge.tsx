import { orderStatusTone } from '@marketplace/shared';

const TONES = {
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  blue: 'bg-sky-100 text-sky-900',
  yellow: 'bg-amber-100 text-amber-950',
} as const;

export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-flex rounded-full px-3 py-1 text-sm font-bold ${TONES[orderStatusTone(status)]}`}>{status}</span>;
}
