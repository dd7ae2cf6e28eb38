import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import apiModules from './eslint-rules/api-modules.js';
import tableOwner from './eslint-rules/table-owner.js';

const root = import.meta.dirname;
const web = 'apps/web/src';
const folders = (dir, skip = []) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !skip.includes(entry.name))
    .map((entry) => `${dir}/${entry.name}`);
const features = folders(`${web}/features`);
// The back-office's sections; its own components, test helpers and the files at its top are shared by all.
const sections = folders(`${web}/admin`, ['components', 'test']);

/**
 * Who may import whom, from the bottom up: packages/shared <- lib <- components <- public features and
 * admin sections <- app. No feature imports another and no admin section another: what two of them share
 * moves down a layer. (A wrong import is shown failing in apps/web/src/lint-zones.test.ts.)
 */
const zones = [
  {
    target: 'packages/shared/src',
    from: ['apps'],
    message: 'packages/shared is shared by the apps and knows none of them.',
  },
  { target: 'apps/api/src', from: ['apps/web'], message: 'The API does not import the web app.' },
  {
    target: `${web}/lib`,
    from: [`${web}/components`, `${web}/features`, `${web}/admin`, `${web}/app`],
    message: 'lib is the bottom layer of the web app.',
  },
  {
    target: `${web}/components`,
    from: [`${web}/features`, `${web}/admin`, `${web}/app`],
    message: 'Shared components know no feature, section or page.',
  },
  {
    target: `${web}/features`,
    from: [`${web}/admin`, `${web}/app`],
    message: 'A public feature does not import the back-office or the app shell.',
  },
  { target: `${web}/admin/components`, from: sections, message: 'Back-office components know no section.' },
  ...features.map((feature) => ({
    target: feature,
    from: features.filter((other) => other !== feature),
    message: 'A feature does not import another feature: move what they share to components or lib.',
  })),
  ...sections.map((section) => ({
    target: section,
    from: sections.filter((other) => other !== section),
    message: 'An admin section does not import another: move what they share to admin/components.',
  })),
];

/**
 * The API's modules (apps/api/src/modules/*): another module, and a file outside modules/, imports a module only
 * through its index.ts, and no two modules import each other, however far round (docs/decisions/0093). The rules
 * are local (eslint-rules/api-modules.js) and shown failing in apps/api/src/lint-modules.test.ts.
 */
const apiModulesOptions = {
  root,
  modules: 'apps/api/src/modules',
  // Files that may import any file of any module, and stay out of the graph of modules:
  internals: [
    // Tests and test helpers set up and read states through a module's internals; no server code imports them.
    '\\.test\\.ts$',
    '^apps/api/src/modules/[^/]+/testing[^/]*\\.ts$',
    '^apps/api/src/modules/[^/]+/fixtures/',
    '^apps/api/src/test/',
  ],
};

/**
 * SQL in the owning module's repository files (eslint-rules/table-owner.js, docs/decisions/0097): the owners are
 * the table of docs/architecture.md#table-owners. Each exception says why it may write SQL elsewhere.
 */
const tableOwnerOptions = {
  root,
  modules: 'apps/api/src/modules',
  ownersDoc: 'docs/architecture.md',
  exceptions: [
    ...apiModulesOptions.internals.map((files) => ({
      files,
      why: 'Tests and test helpers set up and read states through any table.',
    })),
    {
      files: '^apps/api/src/db/',
      why: "The database's own code: migrations, the seed data, the catalogue's version tables, the sweeps of every table.",
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', '**/e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules for every TypeScript file: each one is in its workspace's tsconfig, which the project
    // service finds; the root vitest.config.ts belongs to none and is typed by TypeScript's default project.
    // Plain .js/.mjs files are not matched here and stay untyped.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      // A promise nobody awaits loses its rejection and its ordering: await it, or `void` it with a reason.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A switch over a union names every member or says what the others do with a default.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'api-modules': apiModules },
    rules: {
      'api-modules/public-face': ['error', apiModulesOptions],
      'api-modules/no-circle': ['error', apiModulesOptions],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'table-owner': tableOwner },
    rules: { 'table-owner/table-owner': ['error', tableOwnerOptions] },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Test files share a module graph per worker (isolate: false in the vitest configs), where a module mock
    // would leak into, or miss, the files after it. One that must mock runs isolated, named *.isolated.test.*.
    files: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/api/stress/*.test.ts', 'packages/shared/src/**/*.test.ts'],
    ignores: [`${web}/**/*.isolated.test.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock)$/]",
          message: 'A module mock needs its own module graph: name the file *.isolated.test.ts(x).',
        },
      ],
    },
  },
  { files: [`${web}/**/*.tsx`], ...jsxA11y.flatConfigs.recommended },
  {
    files: [`${web}/**/*.tsx`],
    rules: {
      // A region that scrolls sideways (admin TableWrap) takes focus so a keyboard can scroll it, as axe's
      // scrollable-region-focusable asks; otherwise the recommended options.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
);
