import { formatMoney, formatSignedMoney } from '@marketplace/shared';
import { Link } from '../../lib/router';
import { entriesPath, type EntriesFilter } from './api';

interface FigureLinkProps {
  amount: number;
  /** The entries the figure adds up. */
  filter: EntriesFilter;
  /** What the figure is, for a screen reader reading the links alone: 'Cash taken in, 3 Dec 2026, Zomba Shop'. */
  label: string;
  /** 'MWK 0' rather than a dash when nothing moved (a total, not a cell among many). */
  showZero?: boolean;
}

/** A Money figure that opens its entries; nothing to open when nothing moved. */
export function FigureLink({ amount, filter, label, showZero = false }: FigureLinkProps) {
  if (amount === 0 && showZero) return <span className="text-stone-700 tabular-nums">{formatMoney(0)}</span>;
  if (amount === 0)
    return (
      <span className="text-stone-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">none</span>
      </span>
    );
  return (
    <Link to={entriesPath(filter)} className="font-medium text-teal-800 tabular-nums underline">
      {formatSignedMoney(amount)}
      <span className="sr-only">{` (${label}: open its entries)`}</span>
    </Link>
  );
}
