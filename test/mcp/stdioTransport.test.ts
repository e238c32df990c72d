import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LineLimit } from '../../src/mcp/lineLimit.js';
import { unreadableLineAnswer } from '../../src/mcp/stdioTransport.js';
import { fcRuns } from '../support/fcRuns.js';

describe('unreadableLineAnswer', () => {
  it('answers what JSON.parse refuses with a parse error that says why', () => {
    let thrown: unknown;
    try {
      JSON.parse('{"id": 1,');
    } catch (error) {
      thrown = error;
    }
    expect(unreadableLineAnswer(thrown as Error)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error', data: (thrown as Error).message },
    });
  });

  it('answers a schema check that failed with an invalid request', () => {
    const checked = z.object({ method: z.string() }).safeParse({ hello: 'world' });
    expect(checked.success).toBe(false);
    expect(unreadableLineAnswer(checked.error!)).toMatchObject({ id: null, error: { code: -32600, message: 'Invalid Request' } });
  });

  it('leaves any other error (a closed stdin, a full buffer) unanswered: it is no line’s', () => {
    expect(unreadableLineAnswer(new Error('ReadBuffer exceeded maximum size'))).toBeUndefined();
    expect(unreadableLineAnswer(Object.assign(new Error('read EIO'), { code: 'EIO' }))).toBeUndefined();
  });
});

describe('LineLimit', () => {
  /** What comes out of a LineLimit fed `chunks`, and how many lines it dropped. */
  async function limited(maxLine: number, chunks: readonly string[]): Promise<{ out: string; dropped: number }> {
    let dropped = 0;
    const limit = new LineLimit(maxLine, () => dropped++);
    const out: Buffer[] = [];
    limit.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((done) => limit.on('end', done));
    for (const chunk of chunks) limit.write(Buffer.from(chunk));
    limit.end();
    await ended;
    return { out: Buffer.concat(out).toString(), dropped };
  }

  it('passes lines up to the limit whole, however they are cut into chunks', async () => {
    expect(await limited(5, ['ab', 'cde\nf', 'g\n', 'hi'])).toEqual({ out: 'abcde\nfg\nhi', dropped: 0 });
  });

  it('drops a longer line up to its newline, tells once when it ends, and goes on with the next', async () => {
    expect(await limited(5, ['abc', 'def', 'gh\nok\n', 'toolong\n'])).toEqual({ out: 'ok\n', dropped: 2 });
  });

  it('keeps every line of a random cut when none is over the limit, and drops exactly the long ones', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 12 }), { maxLength: 8 }),
        fc.nat(),
        async (lines, seed) => {
          const text = lines.map((line) => `${line}\n`).join('');
          const cut = Math.min(seed % (text.length + 1), text.length);
          const result = await limited(8, [text.slice(0, cut), text.slice(cut)]);
          expect(result.out).toBe(
            lines
              .filter((line) => line.length <= 8)
              .map((line) => `${line}\n`)
              .join(''),
          );
          expect(result.dropped).toBe(lines.filter((line) => line.length > 8).length);
        },
      ),
      { numRuns: fcRuns },
    );
  });
});
