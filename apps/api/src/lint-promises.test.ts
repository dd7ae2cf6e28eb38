import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// eslint.config.js's type-aware rules, shown on a route handler that starts a promise and forgets it: its
// rejection would be lost and the answer sent before the work is done.
const root = path.resolve(import.meta.dirname, '../../..');
// A route file that exists nowhere, so no tsconfig lists it: TypeScript's default project types it here.
const file = 'apps/api/src/modules/lint-example/routes.ts';
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: [file],
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: [file] } } },
  },
});

const routes = (call: string) => `import type { FastifyInstance } from 'fastify';

async function notifyShop(id: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1, id));
}

export function exampleRoutes(app: FastifyInstance) {
  app.post<{ Params: { id: string } }>('/example/:id/notify', async (request) => {
    ${call};
    return { sent: true };
  });
}
`;

async function problems(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => `${m.line}: ${m.ruleId ?? m.message}`);
}

// The first typed lint builds a TypeScript program for the file and its imports: seconds of CPU alone, and over
// 30 s once on a CI machine shared with other work. What is tested is the rule, not the time, hence the long limit.
describe('promises in route handlers', { timeout: 120_000 }, () => {
  it('refuses a promise nobody awaits', async () => {
    expect(await problems(routes('notifyShop(request.params.id)'))).toEqual([
      '9: @typescript-eslint/no-floating-promises',
    ]);
  });

  it('lets the handler await it', async () => {
    expect(await problems(routes('await notifyShop(request.params.id)'))).toEqual([]);
  });
});
