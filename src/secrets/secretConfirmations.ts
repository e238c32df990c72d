/**
 * Checks that tell a secret from its look-alikes where a pattern alone cannot (decision 64):
 * a variable set to a placeholder, base64 that decodes to public material, a JWT-like string
 * whose header is not JSON. Pure and synchronous: the memory-write gates call them per match.
 */

/** Words that stand for a value rather than being one; `changeme` is a published default, not a secret. */
const PLACEHOLDER_WORDS =
  /^(?:change[-_.]?me|changeit|password|passwd|pass|pwd|secret|token|key|example|sample|placeholder|redacted|hidden|masked|dummy|fake|test|none|null|nil|undefined|true|false|empty|todo|tbd|value|x+|\*+|\.+|•+|-+|_+|#+)$/i;

/**
 * Whether a variable's value is a placeholder, a reference or empty, so not a secret:
 * `$VAR`, `${VAR}`, `$(cmd)`, `%VAR%`, `{{ var }}`, `<your-password>`, `[secret]`, `your_password`,
 * `password-goes-here`, an elided `abc...`, or a word of PLACEHOLDER_WORDS.
 */
export function isPlaceholderValue(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  if (/^[$%]|^\{\{|^<.*>$|^\[.*\]$|^\{.*\}$/.test(v)) return true;
  if (/\.\.\.|…/.test(v)) return true;
  if (/^(?:your|my|some|the|enter|insert|put)[-_ .]/i.test(v) || /[-_ .](?:here|goes[-_ .]here)$/i.test(v)) return true;
  return PLACEHOLDER_WORDS.test(v);
}

/** The value of `NAME=value` with its quotes removed. */
export function unquoted(value: string): string {
  return /^(["']).*\1$/s.test(value) ? value.slice(1, -1) : value;
}

/** `-----BEGIN … PRIVATE KEY-----` at the start of what the base64 text decodes to. */
export function decodesToPrivateKeyPem(base64: string): boolean {
  const head = base64.replace(/[^A-Za-z0-9+/]/g, '').slice(0, 120);
  const text = Buffer.from(head.slice(0, head.length - (head.length % 4)), 'base64').toString('latin1');
  return /^-----BEGIN ?(?:[A-Z0-9._-]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----/.test(text);
}

/** Whether the first part of a dotted token is a JOSE header: base64url of a JSON object naming its `alg`. */
export function isJoseHeader(token: string): boolean {
  const header = token.slice(0, token.indexOf('.'));
  try {
    const parsed: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}
