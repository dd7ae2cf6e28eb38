import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The module rules of eslint.config.js (eslint-rules/api-modules.js), shown failing on a deep import and on a
// circle between modules, and passing on an import of an index. The files linted here exist nowhere, so no
// tsconfig has them: the rules that need types are left out.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function moduleErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('api-modules/')).map((m) => m.message);
}

describe('API module boundaries', { timeout: 120_000 }, () => {
  it('refuses an import of another module’s file other than its index', async () => {
    const errors = await moduleErrors(
      'apps/api/src/modules/reports/wrong.ts',
      "import { recordAudit } from '../audit/repository.js';\nexport const x = recordAudit;\n",
    );
    expect(errors).toEqual([expect.stringContaining('reaches inside module audit')]);
  });

  it('refuses a deep import from outside the modules too', async () => {
    const errors = await moduleErrors(
      'apps/api/src/plugins/wrong.ts',
      "import { recordAudit } from '../modules/audit/repository.js';\nexport const x = recordAudit;\n",
    );
    expect(errors).toEqual([expect.stringContaining('reaches inside module audit')]);
  });

  it('refuses an import that closes a circle between modules', async () => {
    // orders imports audit, so audit importing orders closes a circle.
    const errors = await moduleErrors(
      'apps/api/src/modules/audit/wrong.ts',
      "import { orderRoutes } from '../orders/index.js';\nexport const x = orderRoutes;\n",
    );
    expect(errors).toEqual([expect.stringContaining('circle (audit -> orders -> audit)')]);
  });

  it('lets a module import another’s index, and a test reach inside', async () => {
    expect(
      await moduleErrors(
        'apps/api/src/modules/orders/right.ts',
        "import { recordAudit } from '../audit/index.js';\nexport const x = recordAudit;\n",
      ),
    ).toEqual([]);
    expect(
      await moduleErrors(
        'apps/api/src/modules/orders/right.test.ts',
        "import { recordAudit } from '../audit/repository.js';\nexport const x = recordAudit;\n",
      ),
    ).toEqual([]);
  });
});
