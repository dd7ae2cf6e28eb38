import { getCurrentSuite } from 'vitest/suite';
import { setHashCostForTests } from '../modules/passwords/password.js';

// Production hashes cost ~128 MiB each; the suite logs in hundreds of times on a 2-core machine.
setHashCostForTests(2 ** 12);

// Every API test file runs its tests (and describe blocks) in a random order, so a test that leans on
// rows or state an earlier test left behind fails at once. The api project in vitest.config.ts asks for
// this with `sequence.shuffle`, but Vitest 4.1 does not pass a project's own `sequence` options on to the
// test workers (vitest-dev/vitest#9645), so this file, which runs before each test file is collected,
// marks the file and its describe blocks as shuffled itself. The order follows the run's seed, printed
// at the start by global-setup.ts: `--sequence.seed=N` replays an order.
const file = getCurrentSuite();
file.file.shuffle = true;
file.options = { ...file.options, shuffle: true };
