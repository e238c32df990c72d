import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSession, toJsonl } from '../../../bench/sessionGen.js';
import { backfillMemories, extractMemories } from '../../../src/jobs/index.js';
import { OfflineModel } from '../../../src/model/offline/index.js';
import { tempDir } from '../../support/tempDir.js';

const chars = (alphabet: string, min: number, max = min) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max }).map((a) => a.join(''));
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const B64 = `${ALNUM}+/`;
const B64URL = `${ALNUM}-_`;
/** Random characters with at least some capitals and digits, as generated keys have. */
const mixed = (alphabet: string, length: number) =>
  fc
    .tuple(chars(UPPER, 3), chars(DIGITS, 3), chars(alphabet, length - 6))
    .map(([u, d, rest]) => `${rest.slice(0, 5)}${u}${rest.slice(5)}${d}`);

/** Credentials in the shapes people paste: cloud keys, forge and chat tokens, private keys, JWTs, generic API keys. */
const SECRETS: fc.Arbitrary<string> = fc.oneof(
  chars(UPPER + '234567', 16).map((s) => `AKIA${s}`),
  mixed(B64, 40),
  chars(ALNUM, 36).map((s) => `ghp_${s}`),
  fc.tuple(chars(ALNUM, 22), chars(ALNUM, 59)).map(([a, b]) => `github_pat_${a}_${b}`),
  fc
    .tuple(fc.constantFrom('b', 'p', 'a'), chars(DIGITS, 12), chars(DIGITS, 13), chars(ALNUM, 24))
    .map(([kind, a, b, c]) => `xox${kind}-${a}-${b}-${c}`),
  fc
    .tuple(fc.constantFrom('RSA ', 'EC ', 'OPENSSH ', ''), chars(B64, 64), chars(B64, 64))
    .map(([label, a, b]) => `-----BEGIN ${label}PRIVATE KEY-----\n${a}\n${b}\n-----END ${label}PRIVATE KEY-----`),
  fc.tuple(chars(B64URL, 20, 40), chars(B64URL, 20, 80), chars(B64URL, 43)).map(([h, p, s]) => `eyJ${h}.eyJ${p}.${s}`),
  fc.tuple(fc.constantFrom('api_key=', 'API_KEY: ', 'apiKey = ', 'the API key is '), mixed(LOWER + DIGITS, 32)).map(([k, v]) => `${k}${v}`),
);

/** Statements the offline extractor saves when they hold nothing secret; `{S}` is where the secret goes. */
const TEMPLATES = [
  'Always use the deploy key {S} for staging uploads.',
  'Remember that the dogfood environment takes {S} as its key.',
  'We no longer use the old account, the new credentials are {S} now.',
  'The billing dashboard is at https://grafana.example.com and logs in with {S}.',
  "I'm the on-call engineer and my token is {S} for the pager.",
];

/** One project with one generated session whose first prompt is the statement. */
function projectWith(statement: string): string {
  const root = tempDir();
  const project = join(root, '-home-dev-secrets');
  mkdirSync(project);
  const sessionId = '00000000-0000-4000-8000-00000000000a';
  const entries = generateSession({ turns: 3, seed: 11, sessionId, cwd: '/home/dev/secrets', largeResults: false });
  const first = entries.find((e) => e.type === 'user' && typeof (e as { message: { content: unknown } }).message.content === 'string');
  (first as { message: { content: string } }).message.content = statement;
  writeFileSync(join(project, `${sessionId}.jsonl`), toJsonl(entries));
  return root;
}

function memoryText(out: string): string {
  const dir = join(out, '-home-dev-secrets', 'memory');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.md'));
  } catch {
    return '';
  }
  return names.map((n) => readFileSync(join(dir, n), 'utf8')).join('\n');
}

describe('no secret reaches a memory the offline extractor writes', () => {
  it('the statements are saved when they hold a harmless word instead (so the property below tests something)', async () => {
    for (const template of TEMPLATES) {
      const out = tempDir();
      await backfillMemories({ root: projectWith(template.replace('{S}', 'the usual one')), out, model: new OfflineModel() });
      expect(memoryText(out), template).toContain('usual one');
    }
  });

  it('two-phase backfill and per-turn extraction over a session that states a secret write no memory holding it', async () => {
    await fc.assert(
      fc.asyncProperty(SECRETS, fc.constantFrom(...TEMPLATES), async (secret, template) => {
        const root = projectWith(template.replace('{S}', secret));
        for (const run of [backfillMemories, extractMemories]) {
          const out = tempDir();
          const report = await run({ root, out, model: new OfflineModel() });
          expect(report.failedRuns).toBe(0);
          const written = memoryText(out);
          // The secret whole, or any long piece of it (a PEM body line, a JWT part).
          for (const piece of [secret, ...secret.split(/[\s.]+/).filter((p) => p.length >= 20)]) expect(written).not.toContain(piece);
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
