import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractMemories, ModelPortError, OfflineModel, parseTopicFile, readEffectLog, type ModelReply } from '../../../src/index.js';
import { runExtraction } from '../../../src/jobs/index.js';
import { ScriptedModel } from '../../../src/testing/scriptedModel.js';
import { demoProjects, hasShared, repoRoot, sharedFixtures } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';
import { cliArgs } from '../../support/cliBundle.js';

/** Every file under a folder with its bytes, for byte-for-byte comparison. */
function snapshot(root: string): Record<string, string> {
  if (!existsSync(root)) return {};
  const files: Record<string, string> = {};
  let entries: Dirent[] | undefined;
  // A folder removed while it is being listed (a staging copy) makes the listing fail: list again.
  for (let attempt = 0; entries === undefined; attempt++) {
    try {
      entries = readdirSync(root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 20) throw error;
    }
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    // A child still at work may remove a file between the listing and the read.
    try {
      files[relative(root, join(entry.parentPath, entry.name))] = readFileSync(join(entry.parentPath, entry.name), 'base64');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return files;
}

const memories = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name !== 'MEMORY.md')
    .sort()
    .map((name) => {
      const parsed = parseTopicFile(readFileSync(join(dir, name), 'utf8'), name);
      return parsed.ok ? [parsed.file.type, parsed.file.description] : [name, 'unreadable'];
    });

describe('memlog extract with the offline model', () => {
  it('finds the explicit memories in the demo sessions, skips what the main agent saved itself, and a second run changes nothing', async () => {
    const out = tempDir();
    const first = await extractMemories({ root: demoProjects, out, model: new OfflineModel() });
    expect(first.failedRuns).toBe(0);
    expect(memories(join(out, '-home-dev-acme-shop', 'memory'))).toEqual([
      ['feedback', "Don't use `var`, always use `const` in this codebase."],
      ['feedback', 'Never commit directly to main — put it on a branch.'],
      // A preference in natural words, without "prefer" or "always".
      ['feedback', "Keep page numbers, I don't want cursors."],
      ['feedback', "Always run the linter before you say you're done."],
      // Said after "Don't change anything yet —", which is for that moment only.
      ['feedback', 'I prefer small focused commits, so the expiry check will be its own change later.'],
    ]);
    expect(memories(join(out, '-home-dev-notes-cli', 'memory'))).toEqual([['feedback', 'Use Python 3.12, not 3.11.']]);
    // "Remember that I prefer pnpm" was saved by the main agent in that turn: extraction skips it.
    expect(JSON.stringify(snapshot(out))).not.toContain('pnpm');
    const index = readFileSync(join(out, '-home-dev-acme-shop', 'memory', 'MEMORY.md'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(index).toHaveLength(5);
    for (const line of index) expect(line).toMatch(/^- \[[^\]]+\]\([a-z0-9.-]+\.md\) — .+$/);

    const files = snapshot(out);
    const second = await extractMemories({ root: demoProjects, out, model: new OfflineModel() });
    expect(second.processed).toBe(0);
    expect(second.unchanged).toBe(6);
    expect(snapshot(out)).toEqual(files);
  });

  it.runIf(hasShared)(
    'over every real transcript in ../shared/fixtures: the explicit statements, and nothing on a second run',
    async () => {
      const out = tempDir();
      const first = await extractMemories({ root: sharedFixtures, out, model: new OfflineModel() });
      expect(first.failedRuns).toBe(0);
      const found = first.projects.filter((p) => p.memories > 0).flatMap((p) => memories(p.memoryDir));
      expect(found).toEqual([
        ['feedback', 'I prefer tabs over spaces.'],
        ['feedback', 'I always want short answers.'],
        // A practice started from now on (decision 77).
        // The description opens on what the memory says, without "I'd like to" (decision 120).
        ['feedback', 'Start commiting the extracted session files.'],
        ['project', 'Local storage might be good enough. I do want to support is multiple timer instances. Used store call it.'],
        // Its "[text transcribed by apple dictation]" is the dictation app's marker, no one's words (decision 68).
        // A step the project needs, said as the assistant's miss: one command before another.
        ['feedback', "You didn't figure out to run 'just install' before running 'just dev'. I got the hint from CONTRIBUTING.md"],
        ['feedback', "I don't want a bunch of changes in our PR that aren't for our files."],
        // A naming scheme with a placeholder, said after the task it names (decision 77).
        ['feedback', 'Name it aie[xxx] with [xxx] being the python version, e.g. 311 for python 3.11'],
      ]);
      const files = snapshot(out);
      const second = await extractMemories({ root: sharedFixtures, out, model: new OfflineModel() });
      expect(second.processed).toBe(0);
      expect(snapshot(out)).toEqual(files);
    },
    60_000,
  );

  it('a model fault mid-run leaves the memory directory as it was, and the next run takes the same messages up again', async () => {
    const out = tempDir();
    const project = join(tempDir(), '-home-dev-notes-cli');
    cpSync(join(demoProjects, '-home-dev-notes-cli'), project, { recursive: true });
    const memoryDir = join(out, '-home-dev-notes-cli', 'memory');
    const offline = new OfflineModel();
    const write: Partial<ModelReply> = {
      content: [{ type: 'tool_use', id: 'w1', name: 'Write', input: { file_path: join(memoryDir, 'half.md'), content: 'half' } }],
      stopReason: 'tool_use',
    };
    // The first run writes a file and then the API fails; every later call is the offline model's.
    const later = Array.from({ length: 10 }, () => (request: Parameters<OfflineModel['complete']>[0]) => offline.complete(request));
    const model = new ScriptedModel([write, new ModelPortError('arranged 529', 529), ...later]);
    const report = await extractMemories({ root: project, out, model });
    expect(report.failedRuns).toBe(1);
    expect(existsSync(join(memoryDir, 'half.md'))).toBe(false);
    expect(memories(memoryDir)).toEqual([['feedback', 'Use Python 3.12, not 3.11.']]);
    const log = readEffectLog(
      join(out, '-home-dev-notes-cli', 'effects', readdirSync(join(out, '-home-dev-notes-cli', 'effects'))[0]!),
    ).records;
    const failed = log.find((r) => r.type === 'run_failed')!;
    const failedBatch = log.find((r) => r.type === 'run_started' && r.runId === failed.runId);
    const cursorOfFailed = log.find(
      (r) => r.type === 'decision' && failedBatch?.type === 'run_started' && r.at.uuid === failedBatch.batch[0]?.uuid,
    );
    const next = log.find((r, i) => r.type === 'run_finished' && i > log.indexOf(failed));
    expect(next?.type === 'run_finished' && (next.outcome as { from: unknown }).from).toBe(
      cursorOfFailed?.type === 'decision' ? cursorOfFailed.decision['cursor'] : 'missing',
    );
  });

  it('a session whose newest run failed is retried by the next memlog extract, and finds what a run that never failed finds', async () => {
    const project = join(tempDir(), '-home-dev-notes-cli');
    cpSync(join(demoProjects, '-home-dev-notes-cli'), project, { recursive: true });
    const clean = tempDir();
    await extractMemories({ root: project, out: clean, model: new OfflineModel() });

    const out = tempDir();
    const down = { name: 'down', complete: () => Promise.reject(new ModelPortError('arranged 529', 529)) };
    const failing = await extractMemories({ root: project, out, model: down });
    expect(failing.failedRuns).toBeGreaterThan(0);
    expect(existsSync(join(out, '-home-dev-notes-cli', 'memory', 'MEMORY.md'))).toBe(false);

    const retry = await extractMemories({ root: project, out, model: new OfflineModel() });
    expect(retry.failedRuns).toBe(0);
    expect(retry.processed).toBe(1);
    // The same memories; only `modified` differs, as the retried run is stamped with its own newest message.
    expect(memories(join(out, '-home-dev-notes-cli', 'memory'))).toEqual(memories(join(clean, '-home-dev-notes-cli', 'memory')));
    const log = readEffectLog(
      join(out, '-home-dev-notes-cli', 'effects', readdirSync(join(out, '-home-dev-notes-cli', 'effects'))[0]!),
    ).records;
    expect(log.filter((r) => r.type === 'run_failed' && r.retried === true)).toHaveLength(1);

    const again = await extractMemories({ root: project, out, model: new OfflineModel() });
    expect(again.processed).toBe(0);
  });

  it('the gate holds when the model asks to write elsewhere: nothing outside the memory directory is touched', async () => {
    const base = tempDir();
    const memoryDir = join(base, 'memory');
    const outside = join(base, 'outside');
    mkdirSync(outside);
    const attempts: Partial<ModelReply> = {
      content: [
        { type: 'tool_use', id: 'a', name: 'Write', input: { file_path: join(outside, 'x.md'), content: 'x' } },
        { type: 'tool_use', id: 'b', name: 'Write', input: { file_path: join(memoryDir, '..', 'outside', 'y.md'), content: 'y' } },
        {
          type: 'tool_use',
          id: 'c',
          name: 'Edit',
          input: { file_path: join(repoRoot, 'package.json'), old_string: 'memlog', new_string: 'pwned' },
        },
        {
          type: 'tool_use',
          id: 'd',
          name: 'Write',
          input: { file_path: join(memoryDir, 'ok.md'), content: '---\nname: ok\ndescription: fine\ntype: user\n---\n\nfine\n' },
        },
      ],
      stopReason: 'tool_use',
    };
    const result = await runExtraction({
      model: new ScriptedModel([attempts, { content: [{ type: 'text', text: 'done' }] }]),
      memoryDir,
      readRoots: [],
      conversation: [{ role: 'user', content: 'hi' }],
      newMessages: 1,
      runId: 'r1',
      sessionId: 's',
      from: null,
      to: null,
      now: '2026-01-01T00:00:00.000Z',
    });
    expect(result.outcome).toMatchObject({ toolCalls: 4, denied: 3, written: [{ file: 'ok.md', change: 'added' }] });
    await result.apply();
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(memoryDir)).toEqual(['ok.md']);
    expect(readFileSync(join(repoRoot, 'package.json'), 'utf8')).not.toContain('pwned');
    // Beside the directory only memlog's own store of the bytes it changed (decision 79).
    expect(readdirSync(base).sort()).toEqual(['.memory.memlog-blobs', 'memory', 'outside']);
  });
});

describe('memlog extract killed at random points', () => {
  /** Enough sessions that a kill lands mid-work: the demo sessions, copied under several projects. */
  function workload(): string {
    const root = join(tempDir(), 'projects');
    for (let p = 0; p < 3; p++) {
      const project = join(root, `-home-dev-app${p}`);
      mkdirSync(project, { recursive: true });
      let n = 0;
      for (const source of ['-home-dev-acme-shop', '-home-dev-notes-cli'])
        for (const name of readdirSync(join(demoProjects, source)).filter((f) => f.endsWith('.jsonl')))
          for (let copy = 0; copy < 3; copy++)
            writeFileSync(
              join(project, `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}.jsonl`),
              readFileSync(join(demoProjects, source, name)),
            );
    }
    return root;
  }

  const extractChild = (root: string, out: string) =>
    spawn(process.execPath, [...cliArgs(), 'extract', root, '--out', out, '--model', 'offline', '--per-turn'], {
      cwd: repoRoot,
      stdio: 'ignore',
    });

  it('SIGKILL at random points, then run again: the memory files are byte-identical to an uninterrupted run', async () => {
    const root = workload();
    const clean = tempDir();
    await extractMemories({ root, out: clean, model: new OfflineModel() });
    const memoryOf = (out: string) => Object.fromEntries(Object.entries(snapshot(out)).filter(([path]) => path.includes(`memory`)));
    const expected = memoryOf(clean);
    expect(Object.keys(expected).length).toBeGreaterThan(3);

    const out = tempDir();
    /** How much the child has written so far: its effect logs' total size. */
    const progress = () =>
      Object.entries(snapshot(out))
        .filter(([path]) => path.includes('effects'))
        .reduce((n, [, data]) => n + data.length, 0);
    // Each kill lands once the child is at work (its effect logs grew), after a different short delay.
    for (const delay of [0, 40, 90, 150, 230]) {
      const before = progress();
      const child = extractChild(root, out);
      const exited = new Promise((resolve) => child.on('exit', resolve));
      for (let waited = 0; progress() === before && waited < 30_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      await exited;
    }
    const finish = extractChild(root, out);
    const code = await new Promise((resolve) => finish.on('exit', resolve));
    expect(code).toBe(0);
    expect(memoryOf(out)).toEqual(expected);
    // Nothing of the killed runs is left behind, and the logs say which runs were cut short.
    expect(readdirSync(join(out, '-home-dev-app0')).sort()).toEqual(['.memory.memlog-blobs', 'effects', 'memory']);
    const logs = readdirSync(join(out, '-home-dev-app0', 'effects')).map((name) =>
      readEffectLog(join(out, '-home-dev-app0', 'effects', name)),
    );
    expect(logs.every((log) => log.diagnostics.length === 0)).toBe(true);
  }, 90_000);
});
