/**
 * Setup file (vitest.config.ts): removes tempDir's folders after each test. A hook registered
 * from tempDir.ts itself would be registered once per worker, in the first file to import it,
 * since test files share loaded modules (isolate: false); setup files run again for every file.
 */
import { afterEach } from 'vitest';
import { removeTempDirs } from './tempDir.js';

afterEach(removeTempDirs);
