import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// One catalogue per language in src/i18n/locales (docs/decisions/0032). The ids are the English texts, so
// English needs no catalogue at run time; `npm run i18n -w apps/web` adds new texts to every catalogue.
// The back-office stays English: its folder is not read. The shared schemas and the API are read for the
// messages marked /*i18n*/ there: those a visitor can be shown.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ny'],
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}',
      include: ['<rootDir>/src', '<rootDir>/../../packages/shared/src', '<rootDir>/../../apps/api/src'],
      exclude: ['**/admin/**', '**/*.test.*', '**/test/**', '**/node_modules/**', '**/stress/**', '**/bench/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  // Sorted by id, not in the order the extractor's workers happen to finish: a new text is one hunk, and two
  // branches that add texts merge without reordering the whole file.
  orderBy: 'messageId',
});
