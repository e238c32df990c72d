import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnthropicModel, compactionView, compactTranscript, loadConversation, readTranscriptSync } from '../../src/index.js';
import { MessagesServer } from '../support/messagesServer.js';
import { demoProjects, hasShared, sharedFixtures } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';
const logEntries = (file: string) =>
  [...readTranscriptSync(file)].flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));

function copyProject(): string {
  const dir = join(tempDir(), 'project');
  cpSync(join(demoProjects, '-home-dev-acme-shop'), dir, { recursive: true });
  return join(dir, `${SESSION}.jsonl`);
}

function sessions(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return name === 'subagents' ? [] : sessions(path);
    return name.endsWith('.jsonl') && !name.endsWith('.memlog.jsonl') ? [path] : [];
  });
}

describe('memlog compact', () => {
  it('--dry-run --json prints the plan and writes nothing; then it appends, and a second call has nothing to do', () => {
    const file = copyProject();
    const before = readFileSync(file);
    const plan = runCli(['compact', file, '--dry-run', '--json', '--model', 'offline']);
    expect(plan.status).toBe(0);
    const json = JSON.parse(plan.stdout) as {
      strategy: string;
      cutUuid: string;
      tokensBefore: number;
      tokensAfter: number;
      kept: string[];
      rungs: Array<{ rung: string; used: boolean }>;
    };
    expect(json).toMatchObject({ strategy: 'summary', requested: 'auto' });
    expect(json.tokensAfter).toBeLessThan(json.tokensBefore);
    expect(json.kept[0]).toBe(json.cutUuid);
    expect(readFileSync(file).equals(before)).toBe(true);

    const done = runCli(['compact', file, '--model', 'offline']);
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(/compacted with the summary rung/);
    expect(readFileSync(file).subarray(0, before.length).equals(before)).toBe(true);
    const loaded = loadConversation(file);
    expect(loaded.chain.nodes.slice(2).map((n) => n.uuid)).toEqual(json.kept);
    expect(runCli(['compact', file, '--model', 'offline']).stdout).toMatch(/nothing to do \(nothing new since the last compaction\)/);
  });

  it('after memlog notes, --strategy notes uses the notes and calls no model; --out leaves the transcript alone', () => {
    const file = copyProject();
    expect(runCli(['notes', file, '--model', 'offline', '--config-dir', tempDir()]).status).toBe(0);
    const before = readFileSync(file);
    const out = join(tempDir(), 'compacted.jsonl');
    const result = runCli(['compact', file, '--strategy', 'notes', '--out', out, '--json']);
    const json = JSON.parse(result.stdout) as { strategy: string; written: { path: string } };
    expect(json.strategy).toBe('notes');
    expect(json.written.path).toBe(out);
    expect(readFileSync(file).equals(before)).toBe(true);
    const summary = loadConversation(out).messages[0]!;
    expect(JSON.stringify(summary.content)).toContain('# Current State');
  });

  it('bad arguments are clear errors', () => {
    const bad = runCli(['compact', copyProject(), '--strategy', 'magic']);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/expected auto, notes or summary/);
  });

  it('the summary rung through the real SDK: no tools, our prompt, and the summary lands in the log', async () => {
    const server = new MessagesServer();
    const baseURL = await server.start();
    server.arrange({
      kind: 'reply',
      content: [
        {
          type: 'text',
          text: '<analysis>thinking it over</analysis>\n<summary>\n1. Primary Request and Intent: fix the cart test\n</summary>',
        },
      ],
    });
    try {
      const file = copyProject();
      const report = await compactTranscript({
        transcriptPath: file,
        strategy: 'summary',
        model: new AnthropicModel({ apiKey: 'k', baseURL, maxRetries: 0 }),
      });
      expect(report.strategy).toBe('summary');
      const body = server.received[0]!.body;
      expect(body).not.toHaveProperty('tools');
      expect(body).not.toHaveProperty('task');
      expect(JSON.stringify(body['messages'])).toContain('Answer with text only');
      const summary = loadConversation(file).messages[0]!;
      expect(JSON.stringify(summary.content)).toContain('Summary:\\n1. Primary Request and Intent: fix the cart test');
      expect(JSON.stringify(summary.content)).not.toContain('thinking it over');
    } finally {
      await server.stop();
    }
  });

  it('a model that fails falls through to the extractive rung, which always succeeds', async () => {
    const server = new MessagesServer();
    const baseURL = await server.start();
    server.arrange({ kind: 'status', status: 500 });
    try {
      const report = await compactTranscript({
        transcriptPath: copyProject(),
        strategy: 'summary',
        model: new AnthropicModel({ apiKey: 'k', baseURL, maxRetries: 0 }),
      });
      expect(report.strategy).toBe('extractive');
      expect(report.rungs[0]).toMatchObject({ rung: 'summary', used: false, reason: expect.stringMatching(/500/) as unknown });
    } finally {
      await server.stop();
    }
  });
});

describe('memlog compact on every fixture session', () => {
  async function compactAll(root: string): Promise<void> {
    for (const original of sessions(root)) {
      const file = join(tempDir(), 'session.jsonl');
      cpSync(original, file);
      const report = await compactTranscript({ transcriptPath: file, notesPath: join(dirname(file), 'none.md') });
      if (report.strategy === 'none') continue;
      expect(report.strategy, original).toBe('extractive');
      const after = compactionView(logEntries(file));
      expect(
        after.messages.map((m) => m.uuid),
        original,
      ).toEqual([report.written!.uuids[1], ...report.kept]);
      expect(report.tokensAfter, original).toBeLessThan(report.threshold);
      const again = await compactTranscript({ transcriptPath: file, notesPath: join(dirname(file), 'none.md') });
      expect(again.strategy, original).toBe('none');
    }
  }
  it('the bundled demo sessions', () => compactAll(demoProjects));
  it.runIf(hasShared)('every real Claude Code transcript', () => compactAll(sharedFixtures), 120_000);
});
