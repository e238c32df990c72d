import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unreadableLineAnswer } from '../../src/mcp/stdioTransport.js';

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
