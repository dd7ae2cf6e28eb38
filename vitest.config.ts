import { defineConfig } from 'vitest/config';
import { webProject } from './apps/web/vitest.config';

// One runner for the three workspaces; each project keeps its own environment.
export default defineConfig({
  test: {
    // The seed of the shuffled order the API tests run in (see the api project below). Vitest reads it from
    // here only; `--sequence.seed=N` on the command line overrides it to replay the order of a failed run.
    sequence: { seed: Date.now() },
    // Vitest's default on 2 cores is one worker, which leaves a core idle while PostgreSQL answers: two
    // workers took the whole unit suite (both engines) from 4 min 20 s to 2 min 20 s.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          // The stress suite's quick versions (stress/*.test.ts) run here too; `npm run stress` runs the long ones.
          // bench/*.test.ts: the bench guard's rules (decision 0102).
          include: ['src/**/*.test.ts', 'stress/*.test.ts', 'bench/*.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          setupFiles: ['src/test/setup.ts'],
          // One module graph per worker, not per file: importing the app once per worker instead of once per
          // file took the API tests on SQLite from 78 s to 40 s. Safe because no API test mocks a module (lint refuses vi.mock here).
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
          // Each file's tests run in a random order, so a test that relies on rows or state another test of
          // its file left (or had not yet made) fails here, not later. The seed is printed at the start of
          // every run ("API tests shuffle ... seed N"); replay a failing order with
          //   npx vitest run --project api --sequence.seed=N
          sequence: { shuffle: { files: false, tests: true } },
        },
      },
      webProject(false),
      webProject(true),
    ],
  },
});
