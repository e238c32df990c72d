/** What each network error code Node's fetch reports means, as a person reads it. */
const REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the server',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed (try again later)',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed by the server',
  UND_ERR_SOCKET: 'connection closed by the server',
  EPROTO: 'TLS handshake failed (is the server https?)',
};

/** Causes fetch reports by message alone, said in full. */
const MESSAGES: Readonly<Record<string, string>> = {
  'bad port': 'bad port: fetch never connects to it (one of the ports the fetch standard blocks); use another',
};

/**
 * Why a request never got an answer, from what Node's fetch threw. Its own message is only "fetch
 * failed"; the reason (a refused connection, an unknown host, a certificate) is in `cause`, possibly
 * nested, and a timeout of the request's signal is a `TimeoutError` of its own.
 */
export function fetchFailureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  for (let cause = causeOf(error), depth = 0; cause !== undefined && depth < 5; cause = causeOf(cause), depth++) {
    const code = codeOf(cause);
    if (code === undefined) {
      if (causeOf(cause) === undefined && cause instanceof Error && cause.message !== '') return MESSAGES[cause.message] ?? cause.message;
      continue;
    }
    const reason = REASONS[code];
    if (reason !== undefined) return `${reason} (${code})`;
    // Certificate and TLS codes come with a message that says it best ("self-signed certificate").
    return cause instanceof Error && cause.message !== '' ? `${cause.message} (${code})` : code;
  }
  return error instanceof Error ? error.message : String(error);
}

const causeOf = (error: unknown): unknown => (error instanceof Error ? error.cause : undefined);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}
