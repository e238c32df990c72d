import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactLine, scanForSecrets } from '../../src/secrets/index.js';
import { fcRuns } from '../support/fcRuns.js';
import { embedded, ordinaryText, SECRET_SHAPES } from './secretShapes.js';

const anySecretText = fc.oneof(...Object.values(SECRET_SHAPES).map((shape) => embedded(shape)));

/** A transcript-shaped line with text in the places Claude Code puts it: a message, a tool input, a tool result. */
const transcriptLine = fc
  .record({ said: fc.oneof(anySecretText, ordinaryText), input: fc.oneof(anySecretText, ordinaryText), uuid: fc.uuid() })
  .map(({ said, input, uuid }) =>
    JSON.stringify({
      type: 'assistant',
      uuid,
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: said },
          { type: 'tool_use', id: 't1', name: 'Bash', input: { command: input } },
        ],
      },
      toolUseResult: { stdout: input, exitCode: 0 },
    }),
  );

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : typeof value === 'object' && value !== null
        ? Object.values(value).flatMap(strings)
        : [];

describe('redacting a transcript line', () => {
  it('keeps every line valid JSON and leaves no finding in any of its strings', async () => {
    await fc.assert(
      fc.asyncProperty(transcriptLine, async (line) => {
        const { text, rules } = await redactLine(line);
        const value: unknown = JSON.parse(text);
        for (const s of strings(value)) expect(await scanForSecrets(s), s).toEqual([]);
        if (rules.length === 0) expect(text).toBe(line);
      }),
      { numRuns: fcRuns },
    );
  }, 300_000);

  it('names the rule of each secret it replaces, in the marker and in what it reports', async () => {
    await fc.assert(
      fc.asyncProperty(embedded(SECRET_SHAPES.JWT), async (said) => {
        const { text, rules } = await redactLine(JSON.stringify({ type: 'user', message: { content: said } }));
        expect(rules.length).toBeGreaterThan(0);
        for (const rule of rules) expect(text).toContain(`[REDACTED:${rule}]`);
      }),
      { numRuns: Math.min(fcRuns, 20) },
    );
  }, 120_000);

  it('redacts a line that is not JSON as text, and keeps an ordinary one byte for byte', async () => {
    const jwt = fc.sample(SECRET_SHAPES.JWT, 1)[0] ?? '';
    const torn = `{"type":"user","message":{"content":"token ${jwt}`;
    const { text } = await redactLine(torn);
    expect(text).not.toContain(jwt);
    expect(await scanForSecrets(text)).toEqual([]);
    const plain = '{"type":"user","message":{"content":"we use pnpm"},"n":1.50}';
    expect((await redactLine(plain)).text).toBe(plain);
  }, 60_000);
});
