import { decodesToPrivateKeyPem, isJoseHeader, isPlaceholderValue, unquoted } from './secretConfirmations.js';

/**
 * Secret rules memlog adds to secretlint's recommended preset: the families of the long-term
 * spec §5.9 list (gitleaks-derived, as Claude Code uses them) that the preset does not catch.
 * Which ones those are was measured, not guessed: test/secrets/scanForSecrets.test.ts plants one
 * sample of every §5.9 family and requires each to be found, by the preset or by a rule here.
 *
 * The patterns are written for JavaScript: Go's inline `(?i)` groups became explicit classes.
 * Each has the `g` flag because the scanner walks every match to report its line.
 */
export interface SecretRule {
  /** Kebab-case id, the spec's name for the family. */
  readonly id: string;
  /** What a person reads in a report; never the secret itself. */
  readonly label: string;
  readonly pattern: RegExp;
  /**
   * Whether a match is a secret, for shapes a pattern cannot tell from their look-alikes: a
   * placeholder value, a JWT whose header is not JSON, base64 that decodes to a public key.
   */
  readonly confirm?: (match: RegExpExecArray) => boolean;
}

/** A token starts and ends at a word boundary; lookarounds keep the match (and its line) on the token itself. */
const EDGE = String.raw`(?<![A-Za-z0-9_])`;
const END = String.raw`(?![A-Za-z0-9_])`;

// `m` so that ^ and $ in a lookaround mean the start and end of a line.
const rule = (id: string, label: string, source: string, confirm?: SecretRule['confirm']): SecretRule => ({
  id,
  label,
  pattern: new RegExp(source, 'gm'),
  ...(confirm === undefined ? {} : { confirm }),
});

/** A PEM label naming a private key: `PRIVATE KEY`, `EC PRIVATE KEY`, `ENCRYPTED PRIVATE KEY`, `PGP PRIVATE KEY BLOCK`… */
const KEY_LABEL = String.raw`(?:[A-Z0-9._-]+ ){0,4}PRIVATE KEY(?: BLOCK)?`;
const B64 = '[A-Za-z0-9+/]';
// What stands between the lines of a key quoted somewhere: line breaks (real, or \n escapes in a
// JSON string), indentation, quote, blockquote and comment marks. Never a base64 character, so a
// body splits into lines in one way only and the match stays linear.
const GAP = String.raw`(?:[\s"'\x60>|#;,]|\\[nrt])`;
// RFC 1421 headers (`Proc-Type: 4,ENCRYPTED`, `DEK-Info: …`) of a legacy encrypted PEM, or armour headers of a PGP block.
const PEM_HEADER = String.raw`(?:\r?\n|(?:\\r)?\\n)[ \t"'>#]{0,16}[A-Za-z][A-Za-z0-9-]{0,30}: [^\r\n\\]{0,200}`;
/**
 * A private key block: the BEGIN line, a body whose first line holds at least 40 base64
 * characters (16 when the key is wrapped narrow and a second line follows), then up to the END
 * line or wherever the body stops. The smallest real key body, Ed25519 or X25519 in PKCS#8, is one
 * line of 64; a placeholder (`...`, `<your key>`) or prose after a BEGIN line has no such line.
 */
const PRIVATE_KEY = [
  String.raw`-----BEGIN ?${KEY_LABEL}-----`,
  `(?:${PEM_HEADER}){0,4}`,
  // `+` also opens a body quoted as concatenated strings: "-----BEGIN…-----\n" +\n  "MII…
  String.raw`(?:${GAP}|\+){0,32}(?:${B64}{40}|${B64}{16,39}${GAP}{1,32}${B64}{16})[A-Za-z0-9+/=]*`,
  `(?:${GAP}{1,32}[A-Za-z0-9+/=]+)*`,
  String.raw`(?:${GAP}{0,32}-----END ?${KEY_LABEL}-----)?`,
].join('');

/**
 * A line of a key's body seen after prose: at least 40 base64 characters and nothing else on the
 * line (indentation, quote and comment marks aside), with a letter beyond hex and a digit or
 * `+`/`/`, so a commit hash or a long word on a line of its own is not taken for one.
 */
const BODY_LINE = String.raw`(?:\r?\n|\\n)[ \t>"'#|;,]*(?=[A-Za-z0-9+/]*[G-Zg-z+/])(?=[A-Za-z0-9+/]*[0-9+/])${B64}{40,}={0,2}(?=[ \t"',]*(?:\r?\n|\\[nr]|$))`;
/**
 * A private key with a paragraph (a note, a comment, headers of any kind) between its BEGIN line
 * and its body: the BEGIN line, then within 2,000 characters that hold no other `-----` line, a
 * body line (decision 64).
 */
const PRIVATE_KEY_AFTER_PROSE = String.raw`-----BEGIN ?${KEY_LABEL}-----(?:(?!-----)[\s\S]){1,2000}?${BODY_LINE}`;

/** `.env`-style names of a password: `PASSWORD`, `DB_PASS`, `PGPASSWORD`, `MYSQL_PWD` (not the bare `PWD`, the working directory). */
const ENV_PASSWORD_NAME = String.raw`(?:[A-Z0-9]+_)*(?:PASSWORD|PASSWD|PASS)|[A-Z0-9]+(?:PASSWORD|PASSWD)|(?:[A-Z0-9]+_)+PWD`;
/** `.env`-style names of another credential: `APP_SECRET`, `API_TOKEN`, `STRIPE_API_KEY`, `AWS_SECRET_ACCESS_KEY`. */
const ENV_SECRET_NAME = String.raw`(?:[A-Z0-9]+_)*(?:SECRET|TOKEN|API_?KEY|ACCESS_KEY|PRIVATE_KEY|SECRET_KEY)`;

/**
 * A URL's password where secretlint's connection-string and basic-auth rules do not look: no user before it
 * (`redis://:pw@host`), or a slash inside it (`postgres://app:Xk9/p2@db`). The password is group 1 or 2; a port
 * before the path (`host:443/@scope/pkg`) is none.
 */
const URL_PASSWORD = String.raw`${EDGE}[A-Za-z][A-Za-z0-9+.-]*://(?::(?!\d+(?:/|\s|$))([^\s@]+)|[^\s:@/]+:(?!\d+(?:/|\s|$))([^\s@/]*/[^\s@]*))@`;

/**
 * `NAME=value` as a `.env` file, a shell or a compose file sets it: upper-case name, no space
 * around `=`, the value bare or quoted. Not `NAME = value` (code reading a variable), not lower case.
 */
const envAssignment = (name: string): string => String.raw`(?<![A-Za-z0-9_$.-])(?:${name})=(?<value>"[^"\r\n]*"|'[^'\r\n]*'|[^\s'"\x60]+)`;

const envValueAtLeast =
  (length: number) =>
  (match: RegExpExecArray): boolean => {
    const value = unquoted(match.groups?.['value'] ?? '');
    return [...value].length >= length && !isPlaceholderValue(value);
  };

export const MEMLOG_SECRET_RULES: readonly SecretRule[] = [
  // secretlint's aws rule reports the secret access key (with its variable name) but not key ids.
  rule('aws-access-token', 'AWS access key id', String.raw`${EDGE}(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}${END}`),
  // secretlint's gcp rule looks for service-account JSON; browser API keys are a separate family.
  rule('gcp-api-key', 'GCP API key', String.raw`${EDGE}AIza[A-Za-z0-9_-]{35}${END}`),
  rule(
    'azure-ad-client-secret',
    'Azure AD client secret',
    String.raw`(?<=^|[\\'"\x60\s>=:(,)])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?=$|[\\'"\x60\s<),])`,
  ),
  rule('digitalocean-pat', 'DigitalOcean personal access token', String.raw`${EDGE}dop_v1_[a-f0-9]{64}${END}`),
  rule('digitalocean-access-token', 'DigitalOcean OAuth access token', String.raw`${EDGE}doo_v1_[a-f0-9]{64}${END}`),
  // The preset knows the API key form only. The prefix is split so this file does not itself look like a key.
  rule('anthropic-admin-api-key', 'Anthropic admin API key', String.raw`${EDGE}${'sk-' + 'ant-'}admin01-[A-Za-z0-9_-]{93}AA${END}`),
  rule('gitlab-deploy-token', 'GitLab deploy token', String.raw`${EDGE}gldt-[A-Za-z0-9_-]{20}${END}`),
  rule('twilio-api-key', 'Twilio API key', String.raw`${EDGE}SK[0-9a-fA-F]{32}${END}`),
  rule('pypi-upload-token', 'PyPI upload token', String.raw`pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,1000}`),
  rule('hashicorp-tf-api-token', 'Terraform Cloud API token', String.raw`[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}`),
  rule('pulumi-api-token', 'Pulumi API token', String.raw`${EDGE}pul-[a-f0-9]{40}${END}`),
  rule('postman-api-token', 'Postman API token', String.raw`${EDGE}PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}${END}`),
  // The preset has the cloud and service-account forms; the legacy key is base64 JSON starting {"k":"
  rule('grafana-api-key', 'Grafana API key', String.raw`${EDGE}eyJrIjoi[A-Za-z0-9]{70,400}={0,3}`),
  rule('sentry-user-token', 'Sentry user token', String.raw`${EDGE}sntryu_[a-f0-9]{64}${END}`),
  rule(
    'sentry-org-token',
    'Sentry organization token',
    String.raw`${EDGE}sntrys_eyJpYXQiO[A-Za-z0-9+/]{10,200}(?:LCJyZWdpb25fdXJs|InJlZ2lvbl91cmwi|cmVnaW9uX3VybCI6)[A-Za-z0-9+/]{10,200}={0,2}_[A-Za-z0-9+/]{43}`,
  ),
  // Any PEM private key. The preset's rule wants a body starting `MI` (or OpenSSH's) of 100+
  // characters, so EC (SEC1), Ed25519, X25519 and encrypted keys went through; its findings are
  // dropped in favour of this rule's (src/secrets/scanForSecrets.ts), so a key is reported once.
  rule('private-key', 'Private key', `(?:${PRIVATE_KEY})|(?:${PRIVATE_KEY_AFTER_PROSE})`),
  // A PEM key base64-encoded whole (a Kubernetes secret's `tls.key`, `base64 key.pem`): it starts `-----BEGIN`.
  rule('private-key-base64', 'Private key (base64-encoded PEM)', String.raw`(?<![A-Za-z0-9+/])LS0tLS1CRUdJTi${B64}{22,}={0,2}`, (match) =>
    decodesToPrivateKeyPem(match[0]),
  ),
  // Header and payload are base64url JSON (`{"` is `eyJ`); the header must decode to one naming its `alg`.
  rule(
    'jwt',
    'JSON Web Token',
    String.raw`(?<![A-Za-z0-9_.-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*(?![A-Za-z0-9_-])`,
    (match) => isJoseHeader(match[0]),
  ),
  // A JWT after `Bearer` is the jwt rule's; an opaque token needs a digit and a letter, so `Bearer YOUR_TOKEN` is not one.
  rule(
    'authorization-bearer',
    'Bearer token in an Authorization header',
    String.raw`[Aa]uthorization["']?[ \t]*[:=][ \t]*["']?[Bb]earer[ \t]+(?!eyJ)(?=[A-Za-z0-9._~+/-]*[0-9])(?=[A-Za-z0-9._~+/-]*[A-Za-z])[A-Za-z0-9._~+/-]{20,}=*(?![A-Za-z0-9._~+/=-])`,
  ),
  rule(
    'azure-storage-account-key',
    'Azure storage account key',
    String.raw`${EDGE}(?:AccountKey|SharedAccessKey)=${B64}{40,}={0,2}(?![A-Za-z0-9+/=])`,
  ),
  rule('env-password', 'Password in an environment variable', envAssignment(ENV_PASSWORD_NAME), envValueAtLeast(4)),
  rule('env-secret', 'Secret in an environment variable', envAssignment(ENV_SECRET_NAME), envValueAtLeast(8)),
  rule('url-password', 'Password in a URL', URL_PASSWORD, (match) => !isPlaceholderValue(match[1] ?? match[2] ?? '')),
  rule('stripe-access-token', 'Stripe secret key', String.raw`${EDGE}(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}${END}`),
];
