// Types of checks.mjs, for stress/checks.test.ts.
export interface Judged {
  value: unknown;
  target: string;
  ok: boolean;
}
export type Row = [figure: string, judged: Judged];
export interface StressCheck {
  name: string;
  title: string;
  args: string[];
  limitMs: number;
  parse?: (stdout: string) => object;
  measured?: (figures: object) => [what: string, count: unknown][];
  rows: (figures: object) => Row[];
}
export const MIN: number;
export const CHECKS: StressCheck[];
export function judge(check: StressCheck, figures: object): Row[];
