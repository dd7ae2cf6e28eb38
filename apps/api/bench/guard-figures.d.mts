// Types of guard-figures.mjs, for bench/guard-figures.test.ts.
export type Ratios = Record<'list' | 'product' | 'search', number>;
export interface HistoryEntry {
  date: string;
  commit: string;
  note: string;
  ratios: Ratios;
}
export interface Figures {
  products: number;
  ratios: Ratios;
  date: string;
  commit: string;
  machine: { cpus: number; cpuModel: string; node: string };
  history: HistoryEntry[];
}
export interface Row {
  name: string;
  measured: number;
  recorded: number;
  floor: number;
  ok: boolean;
}
export const TOLERANCE: number;
export const ENDPOINTS: string[];
export function median(xs: number[]): number;
export function ratiosOf(runs: { name: string; rps: number }[]): Record<string, { ratio: number; runs: number[] }>;
export function floorOf(recorded: number): number;
export function compare(measured: Ratios, recorded: Ratios): { rows: Row[]; ok: boolean };
export function formatComparison(rows: Row[]): string;
export function parseFigures(text: string): Figures;
export function recordFigures(
  previous: Figures | undefined,
  measured: Omit<Figures, 'history' | 'ratios'> & { ratios: Partial<Ratios>; note: string | undefined },
): Figures;
export function parseArgs(argv: string[]): { record: boolean; note: string | undefined };
