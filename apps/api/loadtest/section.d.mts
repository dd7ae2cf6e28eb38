// Types of section.mjs, for stress/checks.test.ts.
export const START: string;
export const END: string;
export function sectionOf(doc: string): string;
export function withSection(doc: string, body: string): string;
export function keepSection(previous: string, fresh: string): string;
