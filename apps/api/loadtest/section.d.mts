// Types of section.mjs, for stress/checks.test.ts.
export function withSection(doc: string, body: string): string;
export function keepSection(previous: string, fresh: string): string;
