/** The CLI from source, for the servers the team load test starts: node --import tsx bench/team/memlogEntry.ts <args> */
import { main } from '../../src/cli/main.js';

await main();
