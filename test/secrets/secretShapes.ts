import fc from 'fast-check';

/**
 * Generated fake secrets in the shapes that once went through the scan (decision 64), and the
 * prose and code around them. Every value is drawn at run time, so no committed file holds
 * anything shaped like a credential; none was ever valid.
 */

const WORDS = [
  'the',
  'deploy',
  'runs',
  'staging',
  'database',
  'we',
  'use',
  'pnpm',
  'before',
  'pushing',
  'team',
  'prefers',
  'short',
  'reviews',
  'migration',
  'cluster',
  'on',
  'Fridays',
  'config',
  'lives',
  'in',
  'notes',
  'service',
  'key',
  'token',
  'password',
  'rotated',
  'monthly',
] as const;

const sentence = fc.array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 12 }).map((w) => `${w.join(' ')}.`);
/** A paragraph of ordinary sentences, one to three lines. */
export const prose = fc.array(sentence, { minLength: 1, maxLength: 3 }).map((s) => s.join('\n'));

/** PKCS#8 RSA's opening bytes, so a key's first line reads as real ones do whatever the random tail is. */
const DER_HEAD = Buffer.from('MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ', 'base64');
const wrap = (text: string, width: number): string => text.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\n');
const LABELS = ['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'ENCRYPTED PRIVATE KEY'] as const;

const pemBody = fc
  .uint8Array({ minLength: 64, maxLength: 600 })
  .map((tail) => wrap(Buffer.concat([DER_HEAD, tail]).toString('base64'), 64));

/** A PEM private key with a paragraph (a note to the reader) between its BEGIN line and its body. */
export const pemAfterParagraph = fc
  .record({ label: fc.constantFrom(...LABELS), note: prose, blank: fc.boolean(), body: pemBody, end: fc.boolean() })
  .map(
    ({ label, note, blank, body, end }) =>
      `-----BEGIN ${label}-----\n${note}\n${blank ? '\n' : ''}${body}${end ? `\n-----END ${label}-----` : ''}`,
  );

const plainPem = fc
  .record({ label: fc.constantFrom(...LABELS), body: pemBody })
  .map(({ label, body }) => `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`);

/** A whole PEM key base64-encoded, on one line or wrapped at 76 columns as `base64` does. */
export const pemBase64 = fc
  .record({
    pem: fc.oneof(plainPem, pemAfterParagraph),
    width: fc.constantFrom(0, 76),
    field: fc.constantFrom('', 'tls.key: ', 'KEY_B64='),
  })
  .map(({ pem, width, field }) => {
    const encoded = Buffer.from(pem).toString('base64');
    return field + (width === 0 ? encoded : wrap(encoded, width));
  });

const b64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A signed JWT: JSON header naming its alg, JSON claims, a signature of 32 to 256 bytes. */
export const jwt = fc
  .record({
    alg: fc.constantFrom('HS256', 'RS256', 'ES256', 'EdDSA'),
    kid: fc.option(fc.stringMatching(/^[0-9a-f]{8,16}$/), { nil: undefined }),
    sub: fc.integer({ min: 1, max: 1e9 }),
    iat: fc.integer({ min: 1.6e9, max: 1.9e9 }),
    signature: fc.uint8Array({ minLength: 32, maxLength: 256 }),
  })
  .map(
    ({ alg, kid, sub, iat, signature }) =>
      `${b64url({ alg, typ: 'JWT', ...(kid === undefined ? {} : { kid }) })}.${b64url({ sub: String(sub), iat, exp: iat + 3600 })}.${Buffer.from(signature).toString('base64url')}`,
  );

/** A JWT as a request header: bare, in curl's -H, or in a JSON headers object. */
export const bearerJwt = fc
  .record({ token: jwt, form: fc.constantFrom('header', 'curl', 'json') })
  .map(({ token, form }) =>
    form === 'header'
      ? `Authorization: Bearer ${token}`
      : form === 'curl'
        ? `curl -H "Authorization: Bearer ${token}" https://api.example.test/v1/items`
        : `{"headers": {"Authorization": "Bearer ${token}"}}`,
  );

/** An opaque (not JWT) access token as a request header: letters and digits, 24 to 64 of them. */
export const bearerOpaque = fc
  .tuple(
    fc.constantFrom(...'23456789'),
    fc.array(fc.constantFrom(...'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'), { minLength: 23, maxLength: 63 }),
  )
  .map(([first, rest]) => `Authorization: Bearer ${first}${rest.join('')}`);

/** An Azure storage connection string with its 64-byte account key. */
export const azureConnectionString = fc
  .record({ account: fc.stringMatching(/^[a-z][a-z0-9]{2,20}$/), key: fc.uint8Array({ minLength: 64, maxLength: 64 }) })
  .map(
    ({ account, key }) =>
      `DefaultEndpointsProtocol=https;AccountName=${account};AccountKey=${Buffer.from(key).toString('base64')};EndpointSuffix=core.windows.net`,
  );

const PASSWORD_NAMES = [
  'DATABASE_PASSWORD',
  'PASSWORD',
  'DB_PASS',
  'POSTGRES_PASSWORD',
  'PGPASSWORD',
  'MYSQL_PWD',
  'REDIS_PASS',
  'SMTP_PASSWD',
];
const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!@%^*_+-';

/** A `.env` line setting a password: bare, double- or single-quoted, with or without `export`. */
export const envPassword = fc
  .record({
    name: fc.constantFrom(...PASSWORD_NAMES),
    // A digit first: no word a placeholder is made of starts with one, so every value is a real-looking password.
    value: fc
      .tuple(fc.constantFrom(...'23456789'), fc.array(fc.constantFrom(...PASSWORD_ALPHABET), { minLength: 5, maxLength: 24 }))
      .map(([first, rest]) => first + rest.join('')),
    quote: fc.constantFrom('', '"', "'"),
    exported: fc.boolean(),
  })
  .map(({ name, value, quote, exported }) => `${exported ? 'export ' : ''}${name}=${quote}${value}${quote}`);

/** A `.env` line setting another credential: a secret, token or API key of 16 to 48 characters. */
export const envSecret = fc
  .record({
    name: fc.constantFrom('APP_SECRET', 'API_TOKEN', 'STRIPE_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'JWT_SECRET', 'SECRET_KEY'),
    value: fc
      .tuple(fc.constantFrom(...'23456789'), fc.array(fc.constantFrom(...PASSWORD_ALPHABET), { minLength: 15, maxLength: 47 }))
      .map(([first, rest]) => first + rest.join('')),
    quote: fc.constantFrom('', '"', "'"),
  })
  .map(({ name, value, quote }) => `${name}=${quote}${value}${quote}`);

/** A URL with a password secretlint's own rules miss: no user before it, or a slash inside it. */
export const urlPassword = fc
  .record({
    scheme: fc.constantFrom('redis', 'rediss', 'postgres', 'postgresql', 'mongodb', 'amqp', 'https'),
    user: fc.constantFrom('', 'app', 'report', 'deploy'),
    // A digit first (no placeholder word starts with one), a slash somewhere when there is a user.
    head: fc.tuple(
      fc.constantFrom(...'23456789'),
      fc.array(fc.constantFrom(...'abcdefghjkmnpqrstuvwxyzABCDEFGH23456789'), { minLength: 4, maxLength: 12 }),
    ),
    tail: fc.array(fc.constantFrom(...'abcdefghjkmnpqrstuvwxyz23456789'), { minLength: 2, maxLength: 8 }),
    host: fc.constantFrom('db.internal:5432/prod', 'cache.internal:6379/0', 'mq.internal'),
  })
  .map(({ scheme, user, head, tail, host }) => {
    const password = `${head[0]}${head[1].join('')}${user === '' ? '' : '/'}${tail.join('')}`;
    return `${scheme}://${user}:${password}@${host}`;
  });

/** Every shape, by name. */
export const SECRET_SHAPES = {
  'PEM key with a paragraph before its body': pemAfterParagraph,
  'base64 of a PEM key': pemBase64,
  JWT: jwt,
  'Authorization: Bearer <JWT>': bearerJwt,
  'Authorization: Bearer <opaque token>': bearerOpaque,
  'Azure AccountKey=': azureConnectionString,
  '.env password': envPassword,
  '.env secret': envSecret,
  'URL password without a user or with a slash': urlPassword,
} as const;

/** A secret where a memory would hold it: inside a sentence, on lines of its own between paragraphs, or in a code fence. */
export function embedded(secret: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .record({
      secret,
      before: prose,
      after: prose,
      placing: fc.constantFrom('sentence', 'paragraph', 'fence'),
      lang: fc.constantFrom('', 'bash', 'yaml', 'env'),
    })
    .map(({ secret, before, after, placing, lang }) => {
      if (placing === 'sentence' && !secret.includes('\n')) return `${before} Use ${secret} for now, ${after}\n`;
      if (placing === 'fence') return `${before}\n\n\`\`\`${lang}\n${secret}\n\`\`\`\n\n${after}\n`;
      return `${before}\n\n${secret}\n\n${after}\n`;
    });
}

/**
 * Text that is not a secret but stands near one: placeholders and references in the same shapes,
 * a BEGIN line mentioned in prose, commit hashes, base64 of a certificate, code reading a password.
 */
const NEAR_MISSES = [
  'the password must be at least 8 characters',
  'PASSWORD=',
  'PASSWORD=""',
  'PASSWORD=<your-password>',
  'DB_PASS="${DB_PASS}"',
  'export DATABASE_PASSWORD=$DATABASE_PASSWORD',
  'POSTGRES_PASSWORD=changeme',
  'DB_PASS=your_password_here',
  "API_TOKEN='...'",
  'PWD=/home/dev/project',
  'password = config.password',
  'Authorization: Bearer <token>',
  'Authorization: Bearer $TOKEN',
  'Authorization: Bearer YOUR_ACCESS_TOKEN',
  'AccountKey=<storage-account-key>',
  'AccountKey=${AZURE_KEY}',
  'Packages come from https://registry.npmjs.org:443/@acme/widgets',
  'redis://:<password>@cache.internal:6379',
  'postgres://app:${DB_PASSWORD}@db.internal:5432/app',
  'eyJhbGciOi...',
  'A key file starts with -----BEGIN OPENSSH PRIVATE KEY----- and is never committed.',
  '-----BEGIN RSA PRIVATE KEY-----\n(paste the staging key here)\n-----END RSA PRIVATE KEY-----',
  `tls.crt: ${Buffer.from('-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ3\n').toString('base64')}`,
];

/** Ordinary prose with near misses and commit hashes in it, sometimes in a code fence. */
export const ordinaryText = fc
  .array(
    fc.oneof(
      prose,
      fc.constantFrom(...NEAR_MISSES),
      fc.stringMatching(/^[0-9a-f]{40}$/).map((sha) => `fixed in ${sha}`),
      fc.uuid().map((id) => `session ${id}`),
      fc.constantFrom(...NEAR_MISSES).map((line) => `\`\`\`\n${line}\n\`\`\``),
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => `${parts.join('\n\n')}\n`);
