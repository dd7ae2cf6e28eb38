import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { pageCount } from '../list-params';
import { buttonStyles, Pager, stickyEnd, TableWrap, td, th, thDense } from './ui';

/** A column heading; `right` for figures (their cells align right too). */
type Column = string | { label: string; right: true };

interface DataTableProps {
  /** Names the scrolling region. */
  label: string;
  columns: readonly Column[];
  /** Screen-reader name of a last column of row actions, whose heading shows nothing. */
  actions?: string;
  minWidth?: string;
  /** Tighter headings (the widest table; its cells use tdDense). */
  dense?: boolean;
  /** The actions column stays in view while the table scrolls sideways. */
  stickyActions?: boolean;
  /** The body rows. */
  children: ReactNode;
  /** Rows under the body, e.g. the totals of an order. */
  footer?: ReactNode;
}

/** The back-office table: headings from `columns`, the rows as children. */
export function DataTable({
  label,
  columns,
  actions,
  minWidth,
  dense = false,
  stickyActions = false,
  children,
  footer,
}: DataTableProps) {
  const head = dense ? thDense : th;
  return (
    <TableWrap label={label} minWidth={minWidth}>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col" className={head}>
                {column}
              </th>
            ) : (
              <th key={column.label} scope="col" className={`${head} text-right`}>
                {column.label}
              </th>
            ),
          )}
          {actions && (
            <th scope="col" className={stickyActions ? `${head} ${stickyEnd} text-right` : `${head} text-right`}>
              <span className="sr-only">{actions}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </TableWrap>
  );
}

/** The last cell of a row: its actions, side by side on the right. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td className={`${td} text-right`}>
      <div className="flex justify-end gap-2">{children}</div>
    </td>
  );
}

// A row action's visible text repeats down the table, so `label` (its accessible name) names the row too: 'Edit Mzuzu Shop'.

export function RowLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonStyles.secondarySmall} aria-label={label}>
      {children}
    </Link>
  );
}

export function RowButton({
  label,
  onClick,
  disabled = false,
  children,
}: {
  label: string;
  onClick: () => void;
  /** While the row's own call runs. */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={buttonStyles.secondarySmall}
      onClick={onClick}
      aria-label={label}
      disabled={disabled}
    >
      {children}
    </button>
  );
}

interface TablePagerProps {
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
  label: string;
  /** Shown even for a single page ('Page 1 of 1'); otherwise only when there is more than one. */
  always?: boolean;
}

/** Previous / 'Page x of y' / Next under a list of `total` rows, `size` a page; a page past the end reads as the last. */
export function TablePager({ page, total, size, onPage, label, always = false }: TablePagerProps) {
  const pages = pageCount(total, size);
  if (pages <= 1 && !always) return null;
  return <Pager page={Math.min(page, pages)} pages={pages} onPage={onPage} label={label} />;
}
