import { formatCalendarDay } from '@marketplace/shared';
import { useEffect, useId, useRef, useState } from 'react';

export interface LinePoint {
  /** 'YYYY-MM-DD' */
  date: string;
  value: number;
}

/** A "nice" top for the y axis and whole-number ticks (orders are counted, never fractional). */
export function yTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const roughStep = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(roughStep));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= roughStep) ?? magnitude * 10);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return ticks;
}

function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A small SVG line chart drawn at the box's real width (so labels stay readable on a phone), no library.
 * Screen readers get the same figures as a table.
 */
export function LineChart({
  points,
  valueLabel,
  caption,
}: {
  points: readonly LinePoint[];
  valueLabel: string;
  caption: string;
}) {
  const [boxRef, width] = useWidth(600);
  const tableId = useId();
  const height = 220;
  const pad = { top: 12, right: 28, bottom: 28, left: 40 };
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const ticks = yTicks(Math.max(0, ...points.map((p) => p.value)));
  const top = ticks[ticks.length - 1] ?? 1;
  const x = (i: number) => pad.left + (points.length <= 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (v: number) => pad.top + innerH - (v / top) * innerH;
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = points.length ? `${path} L${x(points.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z` : '';
  // On a narrow phone every other day is labelled so the labels never overlap.
  const labelEvery = innerW / Math.max(1, points.length) < 48 ? 2 : 1;

  return (
    <div ref={boxRef} className="w-full">
      <svg
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        focusable="false"
        className="block max-w-full"
        data-testid="orders-chart"
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} stroke="#e7e5e4" />
            <text x={pad.left - 8} y={y(t)} textAnchor="end" dominantBaseline="middle" fontSize="12" fill="#57534e">
              {t}
            </text>
          </g>
        ))}
        {area && <path d={area} fill="#0f766e" fillOpacity="0.08" />}
        {path && (
          <path d={path} fill="none" stroke="#0f766e" strokeWidth="2.5" strokeLinejoin="round" strokeLinecap="round" />
        )}
        {points.map((p, i) => (
          <g key={p.date}>
            <circle cx={x(i)} cy={y(p.value)} r="4" fill="#ffffff" stroke="#0f766e" strokeWidth="2" />
            {(points.length - 1 - i) % labelEvery === 0 && (
              <text x={x(i)} y={height - 8} textAnchor="middle" fontSize="12" fill="#57534e">
                {formatCalendarDay(p.date, 'short')}
              </text>
            )}
          </g>
        ))}
      </svg>
      <table id={tableId} className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{formatCalendarDay(p.date, 'long')}</th>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
