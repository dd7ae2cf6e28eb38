// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The import rules of eslint.config.js, shown failing on deliberately wrong imports (and passing on a right one).
// The files linted here exist nowhere, so no tsconfig has them: the rules that need types are left out.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function zoneErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// The first lint of a run builds a TypeScript program (the rules are typed): seconds alone, far more on a shared
// CI machine. What is tested is the rule, not the time.
describe('import zones', { timeout: 120_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await zoneErrors(
      'apps/web/src/features/home/wrong.ts',
      "import { fetchSuggestions } from '../basket/api';\nexport const x = fetchSuggestions;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature does not import another feature')]);
  });

  it('refuses an admin section importing another section', async () => {
    const errors = await zoneErrors(
      'apps/web/src/admin/users/wrong.ts',
      "import { SHOPS_ERRORS } from '../shops/api';\nexport const x = SHOPS_ERRORS;\n",
    );
    expect(errors).toEqual([expect.stringContaining('An admin section does not import another')]);
  });

  it('refuses lib importing a layer above it, and shared importing an app', async () => {
    expect(
      await zoneErrors(
        'apps/web/src/lib/wrong.ts',
        "import { ProductCard } from '../components/ProductCard';\nexport const x = ProductCard;\n",
      ),
    ).toHaveLength(1);
    expect(
      await zoneErrors(
        'packages/shared/src/wrong.ts',
        "import { API_BASE } from '../../../apps/web/src/lib/config';\nexport const x = API_BASE;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a feature use shared components and lib', async () => {
    const code =
      "import { ProductCard } from '../../components/ProductCard';\nimport { apiRequest } from '../../lib/api-client';\nexport const x = [ProductCard, apiRequest];\n";
    expect(await zoneErrors('apps/web/src/features/home/right.ts', code)).toEqual([]);
  });
});
