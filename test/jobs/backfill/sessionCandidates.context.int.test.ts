import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backfillMemories, OfflineModel, readEffectLog } from '../../../src/index.js';
import type { ModelPort, ModelRequest } from '../../../src/model/port.js';
import { sessionCandidates } from '../../../src/jobs/backfill/sessionCandidates.js';
import { NOTES_CARRY_CHARS } from '../../../src/jobs/backfill/sessionChunks.js';
import { writeDailySession } from '../../support/dailySessions.js';
import { demoProjects } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';

/** The offline model, with every request it was sent kept for the test to read. */
function recordingModel(): { model: ModelPort; prompts: string[] } {
  const offline = new OfflineModel();
  const prompts: string[] = [];
  const model: ModelPort = {
    name: 'recording',
    complete: (request: ModelRequest, options) => {
      prompts.push(request.messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n'));
      return offline.complete(request, options);
    },
  };
  return { model, prompts };
}

const ACME = '-home-dev-acme-shop';
/** The demo session in which the assistant saved "prefer pnpm" to memory itself. */
const SAVED_PNPM = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';
const PLAIN = '7f26641c-f5f5-4490-80f6-02093c4c460a';

function project(): { dir: string; target: { projectDir: string; effectLog: (session: string) => string } } {
  const dir = join(tempDir(), ACME);
  cpSync(join(demoProjects, ACME), dir, { recursive: true });
  const effects = tempDir();
  return { dir, target: { projectDir: dir, effectLog: (session) => join(effects, `${session.split('/').at(-1)}.memlog.jsonl`) } };
}

describe("backfill's first phase: what a chunk is sent with besides its own messages", () => {
  it('the memory files the assistant saved itself are listed, and a candidate on the same subject is left out', async () => {
    const { dir, target } = project();
    const { model, prompts } = recordingModel();
    const session = join(dir, `${SAVED_PNPM}.jsonl`);
    const report = await sessionCandidates(target, session, { model });
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('The assistant already saved these to memory itself');
    expect(prompts[0]).toContain('- prefer-pnpm.md: Use pnpm instead of npm for installs and scripts in acme-shop');
    // The index the assistant wrote only points at files: it is no memory of its own.
    expect(prompts[0]).not.toMatch(/^- MEMORY\.md:/m);
    expect(report.alreadySaved).toBe(1);
    const recorded = readEffectLog(target.effectLog(session)).records.flatMap((r) => (r.type === 'candidates' ? r.candidates : []));
    expect(recorded.map((c) => c.description)).toEqual([
      "Don't use `var`, always use `const` in this codebase.",
      'Never commit directly to main — put it on a branch.',
    ]);
    expect(JSON.stringify(recorded)).not.toContain('pnpm');
  });

  it('a session without saved memories sends no such list, and keeps every statement', async () => {
    const { dir, target } = project();
    const { model, prompts } = recordingModel();
    const report = await sessionCandidates(target, join(dir, `${PLAIN}.jsonl`), { model });
    expect(prompts[0]).not.toContain('already saved these to memory');
    expect(prompts[0]).not.toContain('<session-notes>');
    expect(report).toMatchObject({ chunks: 1, candidates: 1, alreadySaved: 0 });
  });

  it('the session notes kept beside the transcript go with every chunk, cut to a bounded size', async () => {
    const { dir, target } = project();
    const notesDir = join(dir, PLAIN, 'session-memory');
    mkdirSync(notesDir, { recursive: true });
    const notes = `# Session Title\nExpiry check for the cart\n\n# Current State\n${'The cart total is being fixed. '.repeat(400)}`;
    writeFileSync(join(notesDir, 'summary.md'), notes);
    const { model, prompts } = recordingModel();
    await sessionCandidates(target, join(dir, `${PLAIN}.jsonl`), { model, chunkTokens: 200 });
    expect(prompts.length).toBeGreaterThan(1);
    for (const prompt of prompts) {
      const carried = /<session-notes>\n([\s\S]*?)\n<\/session-notes>/.exec(prompt)?.[1] ?? '';
      expect(carried.startsWith('# Session Title\nExpiry check for the cart')).toBe(true);
      expect(carried.endsWith('[… the notes go on]')).toBe(true);
      expect(carried.length).toBeLessThanOrEqual(NOTES_CARRY_CHARS + '\n[… the notes go on]'.length);
    }
    expect(readdirSync(notesDir)).toEqual(['summary.md']);
  });
});

describe("backfill's second phase into memlog's own folder (--out)", () => {
  it("checks the memories against the CLAUDE.md of the sessions' working directory, as if beside them", async () => {
    const root = tempDir();
    const repo = join(root, 'work', 'shop');
    mkdirSync(repo, { recursive: true });
    writeFileSync(join(repo, 'CLAUDE.md'), '# Style\n\n- Use 2-space indentation.\n');
    const projectDir = join(root, 'projects', '-work-shop');
    const session = writeDailySession(projectDir, 1, ['Always indent with tabs, never spaces.']);
    const lines = readFileSync(session, 'utf8').trimEnd().split('\n');
    writeFileSync(session, lines.map((line) => `${JSON.stringify({ ...JSON.parse(line), cwd: repo })}\n`).join(''));
    const out = tempDir();
    const report = await backfillMemories({ root: projectDir, out, model: new OfflineModel() });
    expect(report.projects[0]?.consolidated.status).toBe('consolidated');
    const memoryDir = join(out, '-work-shop', 'memory');
    const topic = readdirSync(memoryDir).find((name) => name.endsWith('.md') && name !== 'MEMORY.md')!;
    expect(readFileSync(join(memoryDir, topic), 'utf8')).toContain('> Contradicts CLAUDE.md (CLAUDE.md:3): "Use 2-space indentation."');
    expect(readFileSync(join(repo, 'CLAUDE.md'), 'utf8')).toBe('# Style\n\n- Use 2-space indentation.\n');
  });
});
