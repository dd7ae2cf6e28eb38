import { setHashCostForTests } from '../modules/passwords/password.js';

// Production hashes cost ~128 MiB each; the suite logs in hundreds of times on a 2-core machine.
setHashCostForTests(2 ** 12);
