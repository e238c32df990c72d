import { describe, expect, it } from 'vitest';
import { fetchFailureReason } from '../../../src/memory/team/fetchFailure.js';

/** What Node's fetch throws: "fetch failed", the reason in its cause. */
const fetchFailed = (cause: unknown): Error => new TypeError('fetch failed', { cause });
const withCode = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('fetchFailureReason', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED'), 'connection refused (ECONNREFUSED)'],
    ['an unknown host', withCode('getaddrinfo ENOTFOUND nowhere.invalid', 'ENOTFOUND'), 'host not found (ENOTFOUND)'],
    ['a connect timeout', withCode('Connect Timeout Error', 'UND_ERR_CONNECT_TIMEOUT'), 'connection timed out (UND_ERR_CONNECT_TIMEOUT)'],
    [
      'a certificate',
      withCode('self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT'),
      'self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)',
    ],
    ['a blocked port', new Error('bad port'), expect.stringMatching(/^bad port: fetch never connects to it/)],
    ['a cause without code', new Error('unexpected redirect'), 'unexpected redirect'],
  ])('%s is said, not "fetch failed"', (_what, cause, said) => {
    expect(fetchFailureReason(fetchFailed(cause), 30_000)).toEqual(said);
  });

  it('reads a code of a cause nested deeper, as Happy Eyeballs nests one per address', () => {
    const both = Object.assign(new AggregateError([withCode('a', 'ECONNREFUSED'), withCode('b', 'ECONNREFUSED')], ''), {
      code: 'ECONNREFUSED',
    });
    expect(fetchFailureReason(fetchFailed(both), 30_000)).toBe('connection refused (ECONNREFUSED)');
    expect(fetchFailureReason(fetchFailed(new Error('socket', { cause: withCode('x', 'ECONNRESET') })), 30_000)).toBe(
      'connection reset by the server (ECONNRESET)',
    );
  });

  it("the request's own timeout says how long it waited", () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(fetchFailureReason(timeout, 30_000)).toBe('no answer within 30 s');
  });

  it('an error without a cause keeps its message', () => {
    expect(fetchFailureReason(new Error('something else'), 30_000)).toBe('something else');
  });
});
