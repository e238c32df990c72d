import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AnthropicModel, type ModelReply } from '../../src/index.js';
import { editOnlyGate, globToRegExp, memoryGate, runAgent } from '../../src/model/index.js';
import { ScriptedModel } from '../../src/testing/scriptedModel.js';
import { MessagesServer } from '../support/messagesServer.js';
import { tempDir } from '../support/tempDir.js';

const use = (id: string, name: string, input: Record<string, unknown>): Partial<ModelReply> => ({
  content: [{ type: 'tool_use', id, name, input }],
  stopReason: 'tool_use',
});
const done: Partial<ModelReply> = { content: [{ type: 'text', text: 'done' }] };

function dirs() {
  const base = tempDir();
  const project = join(base, 'project');
  const memory = join(base, 'memory');
  const outside = join(base, 'outside');
  for (const d of [project, memory, outside]) mkdirSync(d);
  writeFileSync(join(project, 'README.md'), 'use pnpm\n');
  return { base, project, memory, outside };
}

describe('the agent loop and its gates', () => {
  it('extraction: reads the project, writes only inside the memory directory; a denied write never touches the disk', async () => {
    const { project, memory, outside } = dirs();
    symlinkSync(outside, join(memory, 'escape'));
    const model = new ScriptedModel([
      use('t1', 'Read', { file_path: join(project, 'README.md') }),
      {
        content: [
          { type: 'tool_use', id: 't2', name: 'Write', input: { file_path: join(memory, 'pnpm.md'), content: 'prefers pnpm' } },
          { type: 'tool_use', id: 't3', name: 'Write', input: { file_path: join(project, 'hack.md'), content: 'x' } },
          { type: 'tool_use', id: 't4', name: 'Write', input: { file_path: join(memory, 'escape', 'x.md'), content: 'x' } },
          { type: 'tool_use', id: 't5', name: 'Bash', input: { command: 'rm -rf /' } },
        ],
        stopReason: 'tool_use',
      },
      done,
    ]);
    const run = await runAgent({
      model,
      system: 'extract',
      messages: [{ role: 'user', content: 'go' }],
      tools: ['Read', 'Glob', 'Grep', 'Write', 'Edit'],
      gate: memoryGate({ readRoots: [project], writeRoot: memory }),
      maxTurns: 5,
    });
    model.assertDone();
    expect(run.stop).toBe('done');
    expect(readFileSync(join(memory, 'pnpm.md'), 'utf8')).toBe('prefers pnpm');
    expect(existsSync(join(project, 'hack.md'))).toBe(false);
    expect(readdirSync(outside)).toEqual([]);
    expect(run.toolCalls.map((c) => [c.call.id, c.allowed])).toEqual([
      ['t1', true],
      ['t2', true],
      ['t3', false],
      ['t4', false],
      ['t5', false],
    ]);
    // The model is told why, as error tool_results.
    const results = model.calls[2]!.messages.at(-1)!.content as unknown as Array<{
      tool_use_id: string;
      is_error?: boolean;
      content: string;
    }>;
    expect(results.map((r) => [r.tool_use_id, r.is_error === true])).toEqual([
      ['t2', false],
      ['t3', true],
      ['t4', true],
      ['t5', true],
    ]);
    expect(results[1]!.content).toMatch(/only inside the memory directory/);
    expect((model.calls[1]!.messages.at(-1)!.content as unknown as Array<{ content: string }>)[0]!.content).toContain('use pnpm');
  });

  it('session notes: only Edit, only on the notes file', async () => {
    const { memory } = dirs();
    const notes = join(memory, 'summary.md');
    writeFileSync(notes, '# Current State\n_what is going on_\n\n');
    const model = new ScriptedModel([
      {
        content: [
          {
            type: 'tool_use',
            id: 'e1',
            name: 'Edit',
            input: { file_path: notes, old_string: '_what is going on_\n', new_string: '_what is going on_\nFixing the cart test.\n' },
          },
          { type: 'tool_use', id: 'e2', name: 'Edit', input: { file_path: join(memory, 'other.md'), old_string: 'a', new_string: 'b' } },
          { type: 'tool_use', id: 'e3', name: 'Write', input: { file_path: notes, content: 'wiped' } },
        ],
        stopReason: 'tool_use',
      },
      done,
    ]);
    const run = await runAgent({
      model,
      system: 'update notes',
      messages: [{ role: 'user', content: 'update' }],
      tools: ['Edit'],
      gate: editOnlyGate(notes),
      maxTurns: 5,
    });
    expect(readFileSync(notes, 'utf8')).toBe('# Current State\n_what is going on_\nFixing the cart test.\n\n');
    expect(run.toolCalls.map((c) => c.allowed)).toEqual([true, false, false]);
  });

  it('stops at maxTurns', async () => {
    const { project, memory } = dirs();
    const model = new ScriptedModel(Array.from({ length: 3 }, (_, i) => use(`g${i}`, 'Glob', { pattern: '*.md', path: project })));
    const run = await runAgent({
      model,
      system: 's',
      messages: [{ role: 'user', content: 'go' }],
      tools: ['Glob'],
      gate: memoryGate({ readRoots: [project], writeRoot: memory }),
      maxTurns: 3,
    });
    expect(run).toMatchObject({ stop: 'max_turns', turns: 3 });
    model.assertDone();
  });

  it('tool failures come back to the model as errors, the loop goes on', async () => {
    const { project, memory } = dirs();
    const model = new ScriptedModel([
      use('r1', 'Read', { file_path: join(memory, 'missing.md') }),
      use('e1', 'Edit', { file_path: join(memory, 'missing.md'), old_string: 'a', new_string: 'b' }),
      done,
    ]);
    const run = await runAgent({
      model,
      system: 's',
      messages: [{ role: 'user', content: 'go' }],
      tools: ['Read', 'Edit'],
      gate: memoryGate({ readRoots: [project], writeRoot: memory }),
      maxTurns: 5,
    });
    expect(run.toolCalls.map((c) => [c.allowed, c.error !== undefined])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(run.stop).toBe('done');
  });

  it('Delete removes one file, never a directory; a custom tool runs only once the gate allowed it', async () => {
    const { project, memory } = dirs();
    writeFileSync(join(memory, 'old.md'), 'old');
    // A folder whose name passes the write lint (it ends in .md), so the tool's own check is what refuses it.
    mkdirSync(join(memory, 'team.md'));
    const ran: unknown[] = [];
    const model = new ScriptedModel([
      {
        content: [
          { type: 'tool_use', id: 'd1', name: 'Delete', input: { file_path: join(memory, 'old.md') } },
          { type: 'tool_use', id: 'd2', name: 'Delete', input: { file_path: join(memory, 'team.md') } },
          { type: 'tool_use', id: 'd3', name: 'Delete', input: { file_path: join(memory, 'missing.md') } },
          { type: 'tool_use', id: 'c1', name: 'Note', input: { text: 'kept' } },
          { type: 'tool_use', id: 'c2', name: 'Note', input: { text: 'refused' } },
        ],
        stopReason: 'tool_use',
      },
      done,
    ]);
    const inner = memoryGate({ readRoots: [project], writeRoot: memory });
    const run = await runAgent({
      model,
      system: 's',
      messages: [{ role: 'user', content: 'go' }],
      tools: ['Delete', 'Note'],
      customTools: {
        Note: {
          definition: { name: 'Note', description: 'note', inputSchema: { type: 'object' } },
          run: (input) => {
            ran.push(input['text']);
            return Promise.resolve('noted');
          },
        },
      },
      gate: {
        check: (call) =>
          call.name === 'Note'
            ? Promise.resolve(call.input['text'] === 'kept' ? { allow: true, path: '' } : { allow: false, reason: 'no' })
            : call.name === 'Delete'
              ? inner.check({ ...call, name: 'Write' })
              : inner.check(call),
      },
      maxTurns: 5,
    });
    expect(model.calls[0]!.tools?.map((t) => t.name)).toEqual(['Delete', 'Note']);
    expect(readdirSync(memory)).toEqual(['team.md']);
    expect(ran).toEqual(['kept']);
    expect(run.toolCalls.map((c) => [c.call.id, c.allowed, c.error ?? null])).toEqual([
      ['d1', true, null],
      ['d2', true, 'only a regular file can be deleted'],
      ['d3', true, 'the file does not exist'],
      ['c1', true, null],
      ['c2', false, 'no'],
    ]);
  });

  it('globs with *, ** and ?', () => {
    expect(['a.md', 'x/b.md', 'x/y/c.md', 'a.txt'].filter((p) => globToRegExp('**/*.md').test(p))).toEqual(['a.md', 'x/b.md', 'x/y/c.md']);
    expect(globToRegExp('?.md').test('ab.md')).toBe(false);
  });
});

describe('the agent loop over the real SDK', () => {
  it('malformed tool input from the API becomes an error result, never a crash or a write', async () => {
    const { project, memory } = dirs();
    const server = new MessagesServer();
    const baseURL = await server.start();
    server.arrange(
      { kind: 'reply', content: [{ type: 'tool_use', id: 'bad1', name: 'Write', input: 'not an object' }], stopReason: 'tool_use' },
      {
        kind: 'reply',
        content: [{ type: 'tool_use', id: 'bad2', name: 'Write', input: { file_path: 42, content: null } }],
        stopReason: 'tool_use',
      },
      { kind: 'reply', content: [{ type: 'text', text: 'giving up' }] },
    );
    const run = await runAgent({
      model: new AnthropicModel({ apiKey: 'k', baseURL, maxRetries: 0 }),
      system: 's',
      messages: [{ role: 'user', content: 'go' }],
      tools: ['Write'],
      gate: memoryGate({ readRoots: [project], writeRoot: memory }),
      maxTurns: 5,
    });
    await server.stop();
    expect(run.stop).toBe('done');
    expect(run.toolCalls.map((c) => [c.allowed, c.error])).toEqual([
      [false, 'Write needs a path'],
      [false, 'Write needs a path'],
    ]);
    expect(readdirSync(memory)).toEqual([]);
    const sent = server.received[1]!.body['messages'] as Array<{ role: string; content: Array<Record<string, unknown>> }>;
    expect(sent.at(-1)!.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'bad1', is_error: true });
  });
});
