import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditTranscript } from '../../src/audit/index.js';
import { jsonlFiles } from '../support/fixtureFiles.js';
import { hasShared, repoRoot, sharedFixtures } from '../support/paths.js';
import { runCli } from '../support/runCli.js';

/** Sessions kept aside for an independent check: never audited here (by sha256 or session id). */
const holdoutList = join(repoRoot, '..', 'shared', 'holdout-exclude.txt');
function holdout(): { shas: Set<string>; ids: Set<string> } {
  const rows = existsSync(holdoutList)
    ? readFileSync(holdoutList, 'utf8')
        .split('\n')
        .filter((line) => /^[0-9a-f]{64}\s/.test(line))
        .map((line) => line.split(/\s+/))
    : [];
  return { shas: new Set(rows.map((row) => row[0] ?? '')), ids: new Set(rows.map((row) => row[1] ?? '')) };
}

/** Every shared transcript with a compaction, holdout sessions left out. */
function withCompaction(): string[] {
  const { shas, ids } = holdout();
  return jsonlFiles(sharedFixtures).filter((file) => {
    const bytes = readFileSync(join(sharedFixtures, file));
    if (!bytes.includes('"compact_boundary"') || shas.has(createHash('sha256').update(bytes).digest('hex'))) return false;
    return ![...bytes.toString('utf8').matchAll(/"sessionId":"([^"]+)"/g)].some((m) => ids.has(m[1] ?? ''));
  });
}

describe.runIf(hasShared)('memlog audit on every real transcript with a compaction (../shared/fixtures)', () => {
  const files = hasShared ? withCompaction() : [];

  it('finds them', () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  it.each(files)('%s: every boundary is audited, every item has a verdict and the line it came from', async (file) => {
    const audit = await auditTranscript(join(sharedFixtures, file));
    const boundaries = readFileSync(join(sharedFixtures, file), 'utf8').match(/"subtype":"compact_boundary"/g)?.length ?? 0;
    expect(audit.boundaries).toHaveLength(boundaries);
    for (const boundary of audit.boundaries) {
      expect(boundary.line).toBeGreaterThan(0);
      for (const item of boundary.items) expect(item.from.line).toBeLessThan(boundary.line);
    }
  });

  it('the 2.1.332 manual compaction whose summary is one word loses the rule said before it', async () => {
    const file = files.find((f) => f.startsWith('claude-code-2.1.332/compact-basic/'));
    expect(file).toBeDefined();
    const [boundary] = (await auditTranscript(join(sharedFixtures, file ?? ''))).boundaries;
    expect(boundary?.items.find((i) => i.kind === 'rule')).toMatchObject({
      text: 'Remember that I prefer tabs over spaces.',
      verdict: 'lost',
    });
  });
});

describe('memlog audit on the demo projects (fixtures/projects)', () => {
  it('audits every session, with --json, and keeps everything at the demo compaction', () => {
    const result = runCli(['audit', join(repoRoot, 'fixtures', 'projects'), '--json'], { timeoutMs: 300_000 });
    expect(result.status).toBe(0);
    const audits = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { boundaries: Array<{ counts: Record<string, number> }> });
    expect(audits.length).toBeGreaterThanOrEqual(4);
    const boundaries = audits.flatMap((a) => a.boundaries);
    expect(boundaries).toHaveLength(1);
    expect(boundaries[0]?.counts).toMatchObject({ lost: 0, 'lost-restated': 0 });
  });

  it('a path that does not exist is a usage error', () => {
    const result = runCli(['audit', join(repoRoot, 'no-such-folder')], { timeoutMs: 300_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/no such file or folder/);
  });
});
