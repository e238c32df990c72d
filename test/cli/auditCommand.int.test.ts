import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { sharedRuns } from '../support/sharedRuns.js';

/** audit only reads the demo's transcripts: its --json over them runs once for both tests (decision 118). */
const readOnly = sharedRuns();

describe('memlog audit over a folder', () => {
  it('sums the transcripts without a compaction in one line, shows the compacted ones, and keeps --json whole (decision 114)', () => {
    const text = runCli(['audit', demoProjects]);
    expect(text.status, text.stderr).toBe(0);
    const json = readOnly(['audit', demoProjects, '--json']);
    const audits = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { file: string; boundaries: unknown[] });
    const uncompacted = audits.filter((a) => a.boundaries.length === 0);
    const compacted = audits.filter((a) => a.boundaries.length > 0);
    expect(uncompacted.length).toBeGreaterThan(1);
    expect(compacted.length).toBeGreaterThan(0);
    expect(text.stdout).not.toContain('no compaction\n');
    for (const { file } of uncompacted) expect(text.stdout).not.toContain(file);
    for (const { file } of compacted) expect(text.stdout).toContain(`${file}\n  session `);
    expect(text.stdout).toMatch(
      new RegExp(`\\n\\n${uncompacted.length} transcript\\(s\\) had no compaction, nothing to audit in them\\n$`),
    );
  });

  it('one transcript without a compaction is still shown as one', () => {
    const json = readOnly(['audit', demoProjects, '--json']);
    const file = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { file: string; boundaries: unknown[] })
      .find((a) => a.boundaries.length === 0)!.file;
    expect(runCli(['audit', file]).stdout).toMatch(/\n {2}no compaction\n$/);
  });
});
