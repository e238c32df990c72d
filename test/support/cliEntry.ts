/** Runs the CLI from source, as bin/memlog.js runs it from dist/: node --import tsx test/support/cliEntry.ts <args> */
import { main } from '../../src/cli/main.js';

await main();
