import fc from 'fast-check';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelReply } from '../../src/index.js';
import { memoryGate, runAgent } from '../../src/model/index.js';
import { ScriptedModel } from '../../src/testing/scriptedModel.js';
import { SECRET_SAMPLES } from '../memory/team/secretSamples.js';
import { embedded, SECRET_SHAPES } from '../secrets/secretShapes.js';
import { tempDir } from '../support/tempDir.js';

const done: Partial<ModelReply> = { content: [{ type: 'text', text: 'done' }] };
type Result = { tool_use_id: string; is_error?: boolean; content: string };

describe('memory writes that contain a secret', () => {
  it('a Write or Edit whose resulting content has a secret is refused with an error tool_result naming rule and line; nothing reaches the disk', async () => {
    const base = tempDir();
    const [project, memory] = [join(base, 'project'), join(base, 'memory')];
    for (const d of [project, memory]) mkdirSync(d);
    writeFileSync(join(memory, 'deploy.md'), '# Deploy\n\nToken: TBD\n');
    const [github] = SECRET_SAMPLES['github-pat']!;
    const [stripe] = SECRET_SAMPLES['stripe-access-token']!;
    const model = new ScriptedModel([
      {
        content: [
          {
            type: 'tool_use',
            id: 'w1',
            name: 'Write',
            input: { file_path: join(memory, 'creds.md'), content: `# Creds\n\nuse ${github}\n` },
          },
          {
            type: 'tool_use',
            id: 'e1',
            name: 'Edit',
            input: { file_path: join(memory, 'deploy.md'), old_string: 'TBD', new_string: stripe },
          },
          // Half a key in each string: only the resulting file shows the secret.
          {
            type: 'tool_use',
            id: 'e2',
            name: 'Edit',
            input: { file_path: join(memory, 'deploy.md'), old_string: 'Token: TBD', new_string: `Token: ${stripe.slice(0, 8)}TBD` },
          },
          { type: 'tool_use', id: 'w2', name: 'Write', input: { file_path: join(memory, 'ok.md'), content: 'The team uses pnpm.\n' } },
        ],
        stopReason: 'tool_use',
      },
      {
        content: [
          {
            type: 'tool_use',
            id: 'e3',
            name: 'Edit',
            input: { file_path: join(memory, 'deploy.md'), old_string: 'TBD', new_string: stripe.slice(8) },
          },
        ],
        stopReason: 'tool_use',
      },
      done,
    ]);
    const run = await runAgent({
      model,
      system: 'extract',
      messages: [{ role: 'user', content: 'go' }],
      tools: ['Read', 'Write', 'Edit'],
      gate: memoryGate({ readRoots: [project], writeRoot: memory }),
      maxTurns: 5,
    });
    model.assertDone();
    expect(run.stop).toBe('done');
    const first = model.calls[1]!.messages.at(-1)!.content as unknown as Result[];
    expect(first.map((r) => [r.tool_use_id, r.is_error === true])).toEqual([
      ['w1', true],
      ['e1', true],
      ['e2', false],
      ['w2', false],
    ]);
    expect(first[0]!.content).toMatch(/^Error: refused: the content contains a secret: .*\(secretlint\/github\) on line 3/);
    expect(first[1]!.content).toMatch(/\(stripe-access-token\) on line 3/);
    for (const r of first) expect(r.content).not.toContain(github);
    const second = model.calls[2]!.messages.at(-1)!.content as unknown as Result[];
    expect(second[0]).toMatchObject({ tool_use_id: 'e3', is_error: true });
    expect(second[0]!.content).toMatch(/stripe-access-token/);
    expect(existsSync(join(memory, 'creds.md'))).toBe(false);
    expect(readFileSync(join(memory, 'deploy.md'), 'utf8')).toBe(`# Deploy\n\nToken: ${stripe.slice(0, 8)}TBD\n`);
    expect(readFileSync(join(memory, 'ok.md'), 'utf8')).toBe('The team uses pnpm.\n');
    expect(run.toolCalls.filter((c) => c.error !== undefined).map((c) => c.call.id)).toEqual(['w1', 'e1', 'e3']);
  });

  it('a Write holding any of the widened secret shapes (decision 64) is refused: no such memory reaches the disk', async () => {
    const base = tempDir();
    const [project, memory] = [join(base, 'project'), join(base, 'memory')];
    for (const d of [project, memory]) mkdirSync(d);
    const writes = Object.values(SECRET_SHAPES).map((arbitrary, i) => ({
      type: 'tool_use' as const,
      id: `w${i}`,
      name: 'Write',
      input: { file_path: join(memory, `shape-${i}.md`), content: fc.sample(embedded(arbitrary), { numRuns: 1, seed: 640 + i })[0]! },
    }));
    const model = new ScriptedModel([{ content: writes, stopReason: 'tool_use' }, done]);
    await runAgent({
      model,
      system: 'extract',
      messages: [{ role: 'user', content: 'go' }],
      tools: ['Write'],
      gate: memoryGate({ readRoots: [project], writeRoot: memory }),
      maxTurns: 3,
    });
    model.assertDone();
    const results = model.calls[1]!.messages.at(-1)!.content as unknown as Result[];
    expect(results.map((r) => r.is_error === true)).toEqual(writes.map(() => true));
    for (const r of results) expect(r.content).toMatch(/^Error: refused: the content contains a secret/);
    expect(readdirSync(memory)).toEqual([]);
  });
});
