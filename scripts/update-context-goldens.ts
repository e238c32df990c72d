/**
 * Regenerates the golden request bodies of `memlog context` under test/context/golden/.
 * Run explicitly (npm run goldens:context) after a deliberate change; tests only compare.
 */
import { writeFileSync } from 'node:fs';
import { GOLDEN_CASES, goldenBody, goldenPath } from '../test/context/goldenRequests.js';

for (const testCase of GOLDEN_CASES) {
  const path = goldenPath(testCase.name);
  writeFileSync(path, await goldenBody(testCase));
  process.stdout.write(`wrote ${path}\n`);
}
