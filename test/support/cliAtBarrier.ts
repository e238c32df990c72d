/**
 * The CLI from source behind a barrier (barrier.ts): loads it, waits for the parent's `go`, then
 * runs `memlog <args>`, so that concurrent runs reach the file system at the same moment.
 * Usage: startTogether('cliAtBarrier', [[...args], [...args]])
 */
import { main } from '../../src/cli/main.js';
import { waitAtBarrier } from './barrier.js';

await waitAtBarrier();
await main();
