import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The module rules of eslint.config.js (eslint-rules/api-modules.js), shown failing on a deep import and on a
// circle between modules, and passing on an import of an index. The files linted here exist nowhere, so no
// tsconfig has them: the rules that need types are left out.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function errorsOf(prefix: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith(prefix)).map((m) => m.message);
}
const moduleErrors = (file: string, code: string) => errorsOf('api-modules/', file, code);
const tableErrors = (file: string, code: string) => errorsOf('table-owner/', file, code);

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

// eslint-rules/table-owner.js: SQL only in a module's repository files, and only of the tables it owns
// (docs/architecture.md#table-owners), joins and sub-queries excepted.
describe('one repository per table', { timeout: 120_000 }, () => {
  const query = "import type { Kysely } from 'kysely';\nexport const f = (db: Kysely<never>) => ";

  it('refuses a query outside a repository file', async () => {
    expect(
      await tableErrors('apps/api/src/modules/orders/wrong.ts', `${query}db.selectFrom('orders' as never);\n`),
    ).toEqual([expect.stringContaining("SQL lives in a module's repository files")]);
    expect(
      await tableErrors(
        'apps/api/src/plugins/wrong.ts',
        "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n",
      ),
    ).toEqual([expect.stringContaining("SQL lives in a module's repository files")]);
  });

  it("refuses a repository's query of another module's table, a raw write included", async () => {
    expect(
      await tableErrors(
        'apps/api/src/modules/featured/repository.ts',
        `${query}db.updateTable('products' as never);\n`,
      ),
    ).toEqual([expect.stringContaining("Table 'products' belongs to module products")]);
    expect(
      await tableErrors(
        'apps/api/src/modules/featured/repository/extra.ts',
        "import { sql } from 'kysely';\nexport const q = sql`update shops set name = ''`;\n",
      ),
    ).toEqual([expect.stringContaining("Table 'shops' belongs to module shops")]);
  });

  it('lets a repository query its own tables, join and sub-query others, and db/ query anything', async () => {
    const own = `${query}db.selectFrom('featured_products' as never).innerJoin('products' as never, 'a' as never, 'b' as never)
      .where((eb) => eb.exists(eb.selectFrom('shops' as never)));\n`;
    expect(await tableErrors('apps/api/src/modules/featured/repository.ts', own)).toEqual([]);
    expect(await tableErrors('apps/api/src/db/anything.ts', `${query}db.deleteFrom('products' as never);\n`)).toEqual(
      [],
    );
  });
});
