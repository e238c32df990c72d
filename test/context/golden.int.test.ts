import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOLDEN_CASES, goldenBody, goldenPath } from './goldenRequests.js';

describe('golden request bodies (regenerated only by `npm run goldens:context`)', () => {
  it.each(GOLDEN_CASES.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    const path = goldenPath(testCase.name);
    expect(existsSync(path), `${path} is missing: run npm run goldens:context`).toBe(true);
    expect(await goldenBody(testCase)).toBe(readFileSync(path, 'utf8'));
  });

  it('hold no path of this machine', () => {
    for (const testCase of GOLDEN_CASES) expect(readFileSync(goldenPath(testCase.name), 'utf8')).not.toMatch(/\/(work|tmp|root|Users)\//);
  });
});
