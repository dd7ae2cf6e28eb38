import { TAKEN_IN_KINDS, methodLabel, type MoneySummary, formatCalendarDay } from '@marketplace/shared';
import { DataTable } from '../components/DataTable';
import { td } from '../components/ui';
import { FigureLink } from './FigureLink';
import { OUT_AND_NET } from './figures';

type Day = MoneySummary['days'][number];

interface DayTableProps {
  days: Day[];
  /** The methods of the period's takings, one column each. */
  methods: string[];
}

/**
 * One row per shop and day. A row without a shop (money no shop handled) opens that day's entries of every
 * shop: the entries list filters by a shop, not by its absence.
 */
export function DayTable({ days, methods }: DayTableProps) {
  const right = (label: string) => ({ label, right: true }) as const;
  return (
    <DataTable
      label="Money per shop and day"
      minWidth="min-w-[44rem]"
      columns={[
        'Day',
        'Shop',
        ...methods.map((method) => right(`${methodLabel(method)} in`)),
        ...OUT_AND_NET.map((figure) => right(figure.label)),
      ]}
    >
      {days.map((day) => {
        const filter = { from: day.date, to: day.date, shop_id: day.shop_id ?? undefined };
        const where = `${formatCalendarDay(day.date)}, ${day.shop_name ?? 'no shop'}`;
        return (
          <tr key={`${day.date} ${day.shop_id ?? ''}`}>
            <td className={`${td} whitespace-nowrap`}>{formatCalendarDay(day.date)}</td>
            <td className={td}>{day.shop_name ?? 'No shop'}</td>
            {methods.map((method) => (
              <td key={method} className={`${td} whitespace-nowrap text-right`}>
                <FigureLink
                  amount={day.taken_in[method] ?? 0}
                  filter={{ ...filter, kind: TAKEN_IN_KINDS, method }}
                  label={`${methodLabel(method)} taken in, ${where}`}
                />
              </td>
            ))}
            {OUT_AND_NET.map(({ field, label, kind }) => (
              <td
                key={field}
                className={`${td} whitespace-nowrap text-right ${field === 'net' ? 'font-semibold' : ''}`}
              >
                <FigureLink
                  amount={day[field]}
                  filter={{ ...filter, kind }}
                  label={`${label.toLowerCase()}, ${where}`}
                />
              </td>
            ))}
          </tr>
        );
      })}
    </DataTable>
  );
}
