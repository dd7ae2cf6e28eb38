import { defineConfig } from 'vitest/config';

// One runner for the three workspaces; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
