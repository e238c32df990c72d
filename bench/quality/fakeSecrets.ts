import { mulberry32 } from '../corpus.js';
import type { SecretKind } from './labels.js';

/**
 * Fake secrets shaped like real ones (prefix, alphabet, length, structure), generated from a
 * seed so the corpus files hold no key-shaped string and every run writes the same bytes.
 * None of them was ever valid.
 */
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const BASE64 = `${ALNUM}+/`;
const BASE64URL = `${ALNUM}-_`;
const HEX = '0123456789abcdef';

function pick(random: () => number, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

const base64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

function pem(random: () => number, label: string, opening: string, lines: number): string {
  const body = [opening + pick(random, BASE64, 64 - opening.length)];
  for (let i = 1; i < lines; i++) body.push(pick(random, BASE64, 64));
  body.push(`${pick(random, BASE64, 38)}==`);
  return [`-----BEGIN ${label}-----`, ...body, `-----END ${label}-----`].join('\n');
}

/** A fake secret of the family, the same for the same seed. */
export function fakeSecret(kind: SecretKind, seed: number): string {
  const random = mulberry32(seed);
  switch (kind) {
    case 'aws-access-key':
      return `AKIA${pick(random, `${UPPER}234567`, 16)}`;
    case 'aws-secret-key':
      return pick(random, BASE64, 40);
    case 'github-pat':
      return `ghp_${pick(random, ALNUM, 36)}`;
    case 'github-fine-grained':
      return `github_pat_11${pick(random, UPPER + DIGITS, 20)}_${pick(random, ALNUM, 59)}`;
    case 'slack-bot':
      return `xoxb-${pick(random, DIGITS, 12)}-${pick(random, DIGITS, 13)}-${pick(random, ALNUM, 24)}`;
    case 'slack-user':
      return `xoxp-${pick(random, DIGITS, 12)}-${pick(random, DIGITS, 12)}-${pick(random, DIGITS, 13)}-${pick(random, HEX, 32)}`;
    case 'private-key-rsa':
      return pem(random, 'RSA PRIVATE KEY', 'MIIEowIBAAKCAQEA', 8);
    case 'private-key-openssh':
      return pem(random, 'OPENSSH PRIVATE KEY', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAA', 6);
    case 'jwt': {
      const header = base64url('{"alg":"HS256","typ":"JWT"}');
      const payload = base64url(JSON.stringify({ sub: pick(random, DIGITS, 8), name: 'bench user', iat: 1767225600 }));
      return `${header}.${payload}.${pick(random, BASE64URL, 43)}`;
    }
    case 'generic-api-key':
      return pick(random, HEX, 32);
    case 'stripe-live':
      return `${'sk' + '_live_'}${pick(random, ALNUM, 24)}`;
    case 'google-api-key':
      return `AIza${pick(random, BASE64URL, 35)}`;
    case 'npm-token':
      return `npm_${pick(random, ALNUM, 36)}`;
  }
}

/**
 * The pieces of a secret whose presence in a memory means it leaked: the whole value, and each
 * line of a multi-line one (a private key's body lines) but its BEGIN/END lines.
 */
export function secretFingerprints(secret: string): string[] {
  const lines = secret.split('\n').filter((line) => line.length >= 16 && !line.startsWith('-----'));
  return lines.length > 1 ? [secret, ...lines] : [secret];
}
