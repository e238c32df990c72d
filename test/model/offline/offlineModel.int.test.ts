import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTES_TEMPLATE, loadConversation, OfflineModel, parseTopicFile, type ModelMessage } from '../../../src/index.js';
import { editOnlyGate, memoryGate, runAgent, type ModelTask } from '../../../src/model/index.js';
import { splitNotes } from '../../../src/memory/session/index.js';
import { testModelPort } from '../../contract/modelPort.contract.js';
import { demoProjects } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';

testModelPort('OfflineModel', () => ({ port: new OfflineModel() }), { scripted: false, deterministic: true });

const fixTests = join(demoProjects, '-home-dev-acme-shop', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl');
const conversation = (): ModelMessage[] => loadConversation(fixTests).messages.map(({ role, content }) => ({ role, content }));
const prompt: ModelMessage = { role: 'user', content: 'Bring the notes up to date.' };

async function updateNotes(dir: string): Promise<{ text: string; calls: number }> {
  const notesPath = join(dir, 'summary.md');
  writeFileSync(notesPath, DEFAULT_NOTES_TEMPLATE);
  const task: ModelTask = { kind: 'session_notes', notesPath, currentNotes: DEFAULT_NOTES_TEMPLATE };
  const run = await runAgent({
    model: new OfflineModel(),
    system: 'notes',
    messages: [...conversation(), prompt],
    tools: ['Edit'],
    gate: editOnlyGate(notesPath),
    maxTurns: 3,
    task,
  });
  return { text: readFileSync(notesPath, 'utf8'), calls: run.toolCalls.length };
}

describe('OfflineModel through the agent loop, on real files', () => {
  it('session notes: one Edit through the Edit-only gate fills the template from the transcript, heads untouched', async () => {
    const { text, calls } = await updateNotes(tempDir());
    expect(calls).toBe(1);
    const heads = (notes: string) => splitNotes(notes).sections.map((s) => s.head);
    expect(heads(text)).toEqual(heads(DEFAULT_NOTES_TEMPLATE));
    const section = (title: string) => splitNotes(text).sections.find((s) => s.title === title)!.body;
    expect(section('Session Title')).toMatch(/cart\.test\.ts started failing after the discount refactor/);
    expect(section('Files and Functions')).toContain('/home/dev/acme-shop/src/cart.ts` — read, edited');
    expect(section('Workflow')).toContain('`npm test -- test/cart.test.ts`');
    expect(section('Errors & Corrections')).toMatch(/Exit code 1; later succeeded after editing \/home\/dev\/acme-shop\/src\/cart\.ts/);
    expect(section('Errors & Corrections')).toContain("Correction: Don't use `var`, always use `const`");
    expect(section('Current State')).toContain('never commit directly to main');
  });

  it('the same transcript gives byte-identical notes on every run', async () => {
    const first = await updateNotes(tempDir());
    const second = await updateNotes(tempDir());
    expect(second.text).toBe(first.text);
  });

  it('extraction: writes a topic file per statement and the index, only inside the memory directory', async () => {
    const base = tempDir();
    const memoryDir = join(base, 'memory');
    mkdirSync(memoryDir);
    const messages = conversation();
    const task: ModelTask = {
      kind: 'extract_memories',
      memoryDir,
      existing: [],
      index: '',
      newMessages: messages.length,
      frontmatter: 'metadata',
      sessionId: 'a1eaaff9-3a09-471e-b457-360fb17ea04f',
      now: '2026-11-30T00:00:00.000Z',
    };
    const run = await runAgent({
      model: new OfflineModel(),
      system: 'extract',
      messages: [...messages, { role: 'user', content: 'Save what is worth keeping.' }],
      tools: ['Read', 'Glob', 'Grep', 'Write', 'Edit'],
      gate: memoryGate({ readRoots: [base], writeRoot: memoryDir }),
      maxTurns: 5,
      task,
    });
    expect(run.stop).toBe('done');
    expect(run.toolCalls.every((call) => call.allowed && call.error === undefined)).toBe(true);
    const files = readdirSync(memoryDir).sort();
    expect(files).toContain('MEMORY.md');
    const topics = files.filter((f) => f !== 'MEMORY.md').map((f) => parseTopicFile(readFileSync(join(memoryDir, f), 'utf8'), f));
    expect(topics.map((t) => t.ok && [t.file.type, t.form])).toEqual(topics.map(() => ['feedback', 'metadata']));
    const descriptions = topics.map((t) => (t.ok ? t.file.description : ''));
    expect(descriptions.some((d) => d.includes('pnpm'))).toBe(true);
    expect(descriptions.some((d) => d.includes('const'))).toBe(true);
    expect(descriptions.some((d) => d.includes('commit directly to main'))).toBe(true);
    const index = readFileSync(join(memoryDir, 'MEMORY.md'), 'utf8').trimEnd().split('\n');
    expect(index).toHaveLength(topics.length);
    for (const line of index) expect(line).toMatch(/^- \[.+\]\([a-z0-9-]+\.md\) — .+$/);
    expect(run.replies.at(-1)!.content).toEqual([{ type: 'text', text: `Done: ${files.length} changes made.` }]);
  });
});
