import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildSessionNotes, compactTranscript, DEFAULT_NOTES_TEMPLATE, loadConversation, type ModelPort } from '../../src/index.js';
import { DEFAULT_UPDATE_PROMPT } from '../../src/memory/session/index.js';
import { firstLook } from '../../src/jobs/extraction/firstLook.js';
import { ClaudeCodeModel } from '../../src/model/claudeCode/index.js';
import { OpenAICompatibleModel } from '../../src/model/openaiCompatible/index.js';
import { ChatCompletionsServer } from '../support/chatCompletionsServer.js';
import { claudeCodeHome, viaClaudeCode } from '../support/claudeCodeFake.js';
import { MessagesServer, type Arranged } from '../support/messagesServer.js';
import { demoProjects } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';
const SUMMARY = '<analysis>thinking it over</analysis>\n<summary>\n1. Primary Request and Intent: fix the cart test\n</summary>';

function copyProject(): string {
  const dir = join(tempDir(), 'project');
  cpSync(join(demoProjects, '-home-dev-acme-shop'), dir, { recursive: true });
  return join(dir, `${SESSION}.jsonl`);
}

/** A port on a local fake, and how to arrange its answers in the Messages API's terms. */
interface Port {
  readonly model: ModelPort;
  arrange(...steps: Arranged[]): void;
  stop(): Promise<void>;
}

const ports: Record<string, () => Promise<Port>> = {
  'openai-compatible': async () => {
    const server = new ChatCompletionsServer();
    const baseURL = await server.start();
    return {
      model: new OpenAICompatibleModel({ baseURL, model: 'local-test', maxRetries: 0 }),
      arrange: (...steps) => void server.arrange(...steps),
      stop: () => server.stop(),
    };
  },
  'claude-code': async () => {
    const server = new MessagesServer();
    const home = claudeCodeHome(await server.start());
    return {
      model: new ClaudeCodeModel({ env: home.env }),
      arrange: (...steps) => void server.arrange(...steps.map(viaClaudeCode)),
      stop: () => server.stop(),
    };
  },
};

describe.each(Object.keys(ports))('the jobs beyond extract and consolidate on the %s port', (name) => {
  let port: Port;
  afterEach(() => port.stop());

  it('a compaction summary: the summary rung writes what the model said', async () => {
    port = await ports[name]!();
    port.arrange({ kind: 'reply', content: [{ type: 'text', text: SUMMARY }] });
    const file = copyProject();
    const report = await compactTranscript({ transcriptPath: file, strategy: 'summary', model: port.model });
    expect(report.strategy).toBe('summary');
    const summary = loadConversation(file).messages[0]!;
    expect(JSON.stringify(summary.content)).toContain('Summary:\\n1. Primary Request and Intent: fix the cart test');
  }, 90_000);

  it('the first look: its structured answer is read', async () => {
    port = await ports[name]!();
    port.arrange({ kind: 'reply', content: [{ type: 'text', text: '{"write_likely":true}' }] });
    const answer = await firstLook({ mode: 'enforce', model: port.model, timeoutMs: 60_000 }, [
      { role: 'user', content: 'Remember that I prefer pnpm over npm.' },
    ]);
    expect(answer).toMatchObject({ mode: 'enforce', answer: true });
  }, 90_000);

  it('session notes: the model edits the notes through the Edit tool, under the gate', async () => {
    port = await ports[name]!();
    const title = '_A short, specific title for this session, five to ten words_\n';
    const edit: Arranged = {
      kind: 'answer',
      stopReason: 'tool_use',
      content: (body) => {
        const notesPath = /[^"\s<>]*session-memory\/summary\.md/.exec(JSON.stringify(body))![0];
        return [
          {
            type: 'tool_use',
            id: 'toolu_edit',
            name: 'Edit',
            input: { file_path: notesPath, old_string: title, new_string: `${title}Fixing the cart test\n` },
          },
        ];
      },
    };
    const done: Arranged = { kind: 'reply', content: [{ type: 'text', text: 'Updated.' }] };
    port.arrange(edit, ...Array.from({ length: 12 }, () => done));
    const config = { template: DEFAULT_NOTES_TEMPLATE, prompt: DEFAULT_UPDATE_PROMPT, warnings: [] };
    const report = await buildSessionNotes({ transcriptPath: copyProject(), model: port.model, config });
    expect(report.runs.length).toBeGreaterThan(0);
    expect(report.runs.filter((run) => !run.ok)).toEqual([]);
    expect(readFileSync(report.notesPath, 'utf8')).toContain(`# Session Title\n${title}Fixing the cart test\n`);
  }, 180_000);
});
