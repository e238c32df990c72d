import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { checkCompaction, type CompactionScenario } from './compactionChecks.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'regressions');

/** Counter-examples the property test found during development, kept so they stay fixed. */
describe('compaction regressions', () => {
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    it(name, async () => {
      const scenario = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CompactionScenario & { covered?: number };
      await checkCompaction({ ...scenario, covered: scenario.covered ?? undefined });
    });
  }
});
