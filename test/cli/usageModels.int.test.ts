import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const MODELS = ['claude-opus-4-5-20251101', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001', 'claude-3-5-sonnet-20241022'];

/** A project whose session asked four models, the first the most, and one that asked one (its own responses: decision 109 counts one once). */
function projects(): string {
  const root = tempDir();
  const session = (name: string, models: readonly string[]): string =>
    models
      .flatMap((model, i) => {
        const reply = assistantEntry(`a${i}`, `msg_${name}_${i}`, text('done'), {
          parentUuid: `u${i}`,
          usage: { input_tokens: 1000 * (models.length - i), output_tokens: 10 },
        });
        return [
          userEntry(`u${i}`, 'go on', i === 0 ? {} : { parentUuid: `a${i - 1}` }),
          { ...reply, message: { ...reply.message, model } },
        ];
      })
      .map((entry) => JSON.stringify(entry))
      .join('\n');
  mkdirSync(join(root, '-home-dev-many'), { recursive: true });
  writeFileSync(join(root, '-home-dev-many', 's1.jsonl'), `${session('s1', MODELS)}\n`);
  mkdirSync(join(root, '-home-dev-one'), { recursive: true });
  writeFileSync(join(root, '-home-dev-one', 's2.jsonl'), `${session('s2', [MODELS[1]!])}\n`);
  return root;
}

describe('memlog report --usage with many models in a row', () => {
  it('shows the model that used the most and how many more, so no row is padded to the longest list; --json lists all (decision 114)', () => {
    const root = projects();
    const table = runCli(['report', root, '--usage', '--by', 'project']);
    expect(table.status, table.stderr).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines.find((line) => line.startsWith('-home-dev-many'))).toMatch(/^-home-dev-many +claude-opus-4-5-20251101 \+3 more +[\d,]+ /);
    expect(lines.find((line) => line.startsWith('-home-dev-one'))).toMatch(/^-home-dev-one +claude-sonnet-4-5-20250929 +[\d,]+ /);
    for (const model of MODELS.slice(2)) expect(table.stdout).not.toContain(model);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(120);
    const json = JSON.parse(runCli(['report', root, '--usage', '--by', 'project', '--json']).stdout) as {
      rows: Array<{ key: string; models: Array<{ model: string }> }>;
    };
    expect(json.rows.find((row) => row.key === '-home-dev-many')?.models.map((m) => m.model)).toEqual([...MODELS].sort());
  });
});
