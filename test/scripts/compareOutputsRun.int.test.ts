import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../scripts/compareOutputs/compareRuns.js';
import { copyWithoutHoldout, readHoldout } from '../../scripts/compareOutputs/holdout.js';
import { judge, type IntendedDifference } from '../../scripts/compareOutputs/intended.js';
import type { Invocation } from '../../scripts/compareOutputs/invocations.js';
import { runInvocation, type RunSettings } from '../../scripts/compareOutputs/runInvocation.js';
import type { Version } from '../../scripts/compareOutputs/versions.js';
import { tempDir } from '../support/tempDir.js';

/**
 * A fake memlog: prints its arguments, writes `out.txt` in the work folder, and, like memlog's
 * `--model auto`, asks Claude Code (MEMLOG_CLAUDE_BIN, else `claude` on the PATH) whether it is
 * logged in. `change` is what this version does differently for the command `report`.
 */
function fakeCli(dir: string, name: 'base' | 'head', change: string): Version {
  const entry = join(dir, `${name}.mjs`);
  writeFileSync(
    entry,
    `import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const args = process.argv.slice(2);
spawnSync(process.env.MEMLOG_CLAUDE_BIN || 'claude', ['auth', 'status', '--json']);
const extra = args[0] === 'report' ? ${JSON.stringify(change)} : '';
process.stdout.write(args.join(' ') + extra + '\\n');
writeFileSync('out.txt', args[0] + extra);
`,
  );
  return { name, ref: name, commit: name, root: dir, entry, node: [entry] };
}

/** A `claude` that writes a first-start config with a random machine id, as Claude Code 2.1.332 does. */
function fakeClaude(dir: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const claude = join(bin, 'claude');
  writeFileSync(
    claude,
    `#!${process.execPath}
const { writeFileSync } = require('node:fs');
writeFileSync(process.env.CLAUDE_CONFIG_DIR + '/.claude.json', JSON.stringify({ machineID: Math.random().toString(16) }));
`,
  );
  chmodSync(claude, 0o755);
  return bin;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const invocation = (...args: string[]): Invocation => ({ label: args.join(' '), steps: [args], copies: [], progressLines: false });

describe('compare-outputs over two fake CLIs', () => {
  const dir = (): { tmp: string; settings: RunSettings } => {
    const tmp = tempDir('memlog-compare-test-');
    return { tmp, settings: { timeoutMs: 60_000, children: new Set(), path: `${fakeClaude(tmp)}:${process.env['PATH'] ?? ''}` } };
  };

  it('finds the one command whose output a version changed, and the list tells intended from unexplained', async () => {
    const { tmp, settings } = dir();
    const [base, head] = [fakeCli(tmp, 'base', ''), fakeCli(tmp, 'head', ' (with a new column)')];
    const results = [];
    for (const [index, each] of [invocation('inspect', 'a.jsonl'), invocation('report', 'p')].entries()) {
      const work = join(tmp, 'work', String(index));
      const differences = compareRuns(await runInvocation(each, base, work, settings), await runInvocation(each, head, work, settings));
      results.push({ label: each.label, differs: differences.length > 0, facets: differences.map((d) => d.facet) });
    }
    expect(results).toEqual([
      { label: 'inspect a.jsonl', differs: false, facets: [] },
      { label: 'report p', differs: true, facets: ['stdout', 'file out.txt'] },
    ]);
    const listed: IntendedDifference = { label: 'report *', decision: 78, reason: 'a new column' };
    expect(judge(results, [listed], true)).toEqual({ intended: [{ label: 'report p', entry: listed }], unexplained: [], stale: [] });
    expect(judge(results, [], true).unexplained).toEqual(['report p']);
    const inspectListed: IntendedDifference = { label: 'inspect a.jsonl', decision: 1, reason: 'said to change' };
    expect(judge(results, [listed, inspectListed], true).stale).toEqual([
      { entry: inspectListed, why: 'no longer differs: inspect a.jsonl' },
    ]);
  });

  it('keeps Claude Code out of both runs, so its random first-start config neither appears nor differs', async () => {
    const { tmp, settings } = dir();
    const version = fakeCli(tmp, 'base', '');
    const work = join(tmp, 'work');
    const [first, second] = [
      await runInvocation(invocation('compact', 'x'), version, work, settings),
      await runInvocation(invocation('compact', 'x'), version, work, settings),
    ];
    expect(compareRuns(first, second)).toEqual([]);
    expect([...first.files.keys()].sort()).toEqual(['out.txt']);
  });
});

describe('the held-out sessions', () => {
  it('are left out of the copy the commands read, with their subagents, by hash or by session id', () => {
    const tmp = tempDir('memlog-compare-test-');
    const from = join(tmp, 'shared');
    mkdirSync(join(from, 'group', 'kept-session', 'subagents'), { recursive: true });
    mkdirSync(join(from, 'group', 'held-session', 'subagents'), { recursive: true });
    writeFileSync(join(from, 'group', 'kept-session.jsonl'), '{"sessionId":"kept"}\n');
    writeFileSync(join(from, 'group', 'kept-session', 'subagents', 'agent-1.jsonl'), '{"sessionId":"kept"}\n');
    writeFileSync(join(from, 'group', 'held-session.jsonl'), '{"type":"user","sessionId":"held-id"}\n');
    writeFileSync(join(from, 'group', 'held-session', 'subagents', 'agent-2.jsonl'), '{"sessionId":"held-id"}\n');
    writeFileSync(join(from, 'group', 'by-hash.jsonl'), 'exact bytes\n');
    const list = join(tmp, 'holdout-exclude.txt');
    writeFileSync(list, `# kept aside\n${'0'.repeat(64)} held-id\n${sha256('exact bytes\n')} other-id\n`);
    const to = join(tmp, 'copy');
    const left = copyWithoutHoldout(from, to, readHoldout(list));
    expect(left).toEqual([join('group', 'by-hash.jsonl'), join('group', 'held-session'), join('group', 'held-session.jsonl')]);
    expect(readdirSync(join(to, 'group')).sort()).toEqual(['kept-session', 'kept-session.jsonl']);
    expect(existsSync(join(to, 'group', 'kept-session', 'subagents', 'agent-1.jsonl'))).toBe(true);
  });

  it('is nothing when the list is absent', () => {
    expect(readHoldout(join(tempDir(), 'absent.txt'))).toEqual({ shas: new Set(), ids: new Set() });
  });
});
