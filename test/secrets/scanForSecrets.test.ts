import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { formatFinding, MEMLOG_SECRET_RULES, scanForSecrets, scanWithMemlogRules } from '../../src/secrets/index.js';
import { bodyLines, generatePrivateKeys, generatePublicMaterial } from '../memory/team/privateKeySamples.js';
import { PRESET_EXTRA_SAMPLES, SECRET_SAMPLES } from '../memory/team/secretSamples.js';
import { SECRET_SHAPES } from './secretShapes.js';

/** The rule of memlog's own that finds each generated shape of secretShapes.ts. */
const SHAPE_RULES: Readonly<Record<keyof typeof SECRET_SHAPES, string>> = {
  'PEM key with a paragraph before its body': 'private-key',
  'base64 of a PEM key': 'private-key-base64',
  JWT: 'jwt',
  'Authorization: Bearer <JWT>': 'jwt',
  'Authorization: Bearer <opaque token>': 'authorization-bearer',
  'Azure AccountKey=': 'azure-storage-account-key',
  '.env password': 'env-password',
  '.env secret': 'env-secret',
  'URL password without a user or with a slash': 'url-password',
};

const SPEC_FAMILIES = 36;

describe('scanForSecrets', () => {
  it('covers every secret family of the spec (§5.9): 36 families, each sample found on its line', async () => {
    expect(Object.keys(SECRET_SAMPLES)).toHaveLength(SPEC_FAMILIES);
    for (const [family, [secret, ruleId]] of Object.entries(SECRET_SAMPLES)) {
      const findings = await scanForSecrets(`# Deploy notes\n\nThe key is ${secret} for now.\n`, 'deploy.md');
      expect(
        findings.map((f) => f.ruleId),
        family,
      ).toContain(ruleId);
      const finding = findings.find((f) => f.ruleId === ruleId)!;
      expect(finding.line, family).toBe(3);
      expect(finding.file).toBe('deploy.md');
    }
  });

  it("keeps the preset's families beyond the spec's list", async () => {
    for (const [family, [secret, ruleId]] of Object.entries(PRESET_EXTRA_SAMPLES)) {
      expect(
        (await scanForSecrets(`${secret}\n`)).map((f) => f.ruleId),
        family,
      ).toContain(ruleId);
    }
  });

  it("each of memlog's own rules finds its family by itself (the families the preset misses)", () => {
    const widened = new Set(Object.values(SHAPE_RULES));
    const own = new Set(MEMLOG_SECRET_RULES.map((rule) => rule.id).filter((id) => !widened.has(id)));
    const tested = Object.entries(SECRET_SAMPLES).filter(([, [, ruleId]]) => own.has(ruleId));
    expect(tested.map(([family]) => family).sort()).toEqual([...own].sort());
    for (const [family, [secret]] of tested) {
      expect(
        scanWithMemlogRules(`x\n  "${secret}"`).map((f) => [f.ruleId, f.line]),
        family,
      ).toEqual([[family, 2]]);
    }
  });

  it("the rules beyond the spec's families (decision 64) each find their shape by themselves, once, on its first line", () => {
    const own = new Set(MEMLOG_SECRET_RULES.map((rule) => rule.id));
    for (const [shape, ruleId] of Object.entries(SHAPE_RULES)) {
      expect(own.has(ruleId), ruleId).toBe(true);
      for (const secret of fc.sample(SECRET_SHAPES[shape as keyof typeof SECRET_SHAPES], { numRuns: 20, seed: 64 }))
        expect(
          scanWithMemlogRules(`x\n${secret}\n`).map((f) => [f.ruleId, f.line]),
          shape,
        ).toEqual([[ruleId, 2]]);
    }
  });

  it('near misses are not secrets: too short, wrong alphabet, inside a longer word, ordinary prose', async () => {
    const clean = [
      'The team prefers pnpm over npm; run `pnpm test` before pushing.',
      `S${'K'}${'a1b2'.repeat(7)}`, // twilio-like, 28 hex instead of 32
      `xAK${'IA'}Z2ABCDEFGHIJK7LMx`, // an AWS-like id glued inside a word
      `do${'p_v1_'}${'g'.repeat(64)}`, // not hex
      'sk_live_ is the prefix of a Stripe secret key',
    ];
    for (const text of clean) expect(await scanForSecrets(text), text).toEqual([]);
  });

  it('never returns or prints the secret itself', async () => {
    const text = Object.values(SECRET_SAMPLES)
      .map(([secret]) => secret)
      .join('\n');
    const findings = await scanForSecrets(text, 'all.md');
    const shown = JSON.stringify(findings) + findings.map(formatFinding).join('\n');
    for (const [secret] of Object.values(SECRET_SAMPLES)) expect(shown.includes(secret.slice(4, 24))).toBe(false);
  });

  it('a secretlint-disable comment in the text does not switch the scan off', async () => {
    const [token] = SECRET_SAMPLES['github-pat']!;
    for (const directive of ['<!-- secretlint-disable -->', '// secretlint-disable-next-line', '# secretlint-disable']) {
      const findings = await scanForSecrets(`${directive}\n${token}\n`);
      expect(
        findings.map((f) => [f.ruleId, f.line]),
        directive,
      ).toEqual([['secretlint/github', 2]]);
    }
  });

  it('reports line and column in a multi-line text, in order', async () => {
    const [stripe] = SECRET_SAMPLES['stripe-access-token']!;
    const [github] = SECRET_SAMPLES['github-pat']!;
    const findings = await scanForSecrets(`one\ntwo ${github}\nthree\n    ${stripe}\n`);
    expect(findings.map((f) => [f.ruleId, f.line, f.column])).toEqual([
      ['secretlint/github', 2, 5],
      ['stripe-access-token', 4, 5],
    ]);
    expect(formatFinding({ ...findings[0]!, file: 'a.md' })).toMatch(/^a\.md:2: .+ \(secretlint\/github\)$/);
  });

  it("leaves nothing behind in secretlint's profiler: the hundredth scan costs what the first did", async () => {
    for (let i = 0; i < 100; i++) await scanForSecrets(`note ${i}\n`);
    const left = performance.getEntries().filter((entry) => entry.name.startsWith('@core>'));
    expect(left).toEqual([]);
  });
});

describe('scanForSecrets: private keys of every kind, generated for the test', () => {
  it('finds every kind of PEM private key (EC and Ed25519 included), once each: in a fenced block, indented in YAML, quoted in JSON, or cut off after its first body line', async () => {
    for (const [kind, key] of Object.entries(generatePrivateKeys())) {
      const lines = key.trimEnd().split('\n');
      const placings = {
        fenced: `# Deploy\n\nThe key:\n\n\`\`\`\n${key}\`\`\`\n`,
        indented: `deploy:\n  key: |\n${lines.map((l) => `    ${l}`).join('\n')}\n`,
        json: `{"private_key": ${JSON.stringify(key)}}\n`,
        // Cut after its first line of body, as a paste that stopped short.
        truncated: `${lines.slice(0, lines.findIndex((line) => /^[A-Za-z0-9+/=]{40,}$/.test(line)) + 1).join('\n')}\n`,
      };
      for (const [placing, text] of Object.entries(placings)) {
        const findings = await scanForSecrets(text, 'deploy.md');
        // One finding per key, on its BEGIN line.
        expect(
          findings.map((f) => f.line),
          `${kind}, ${placing}`,
        ).toEqual([placing === 'fenced' ? 6 : placing === 'indented' ? 3 : 1]);
      }
    }
  });

  it('public keys, a certificate and a placeholder key are not secrets', async () => {
    const placeholders = [
      '-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----',
      '-----BEGIN RSA PRIVATE KEY-----\n<paste yours here>\n-----END RSA PRIVATE KEY-----',
      'A key file starts with -----BEGIN OPENSSH PRIVATE KEY----- and is never committed.',
    ];
    for (const [kind, text] of Object.entries({
      ...generatePublicMaterial(),
      ...Object.fromEntries(placeholders.map((p, i) => [`placeholder ${i}`, p])),
    })) {
      expect(await scanForSecrets(`# Notes\n\n${text}\n`), kind).toEqual([]);
    }
  });

  it('a private-key finding never carries any part of the key', async () => {
    const keys = generatePrivateKeys();
    const text = Object.values(keys).join('\n');
    const findings = await scanForSecrets(text, 'keys.md');
    expect(findings).toHaveLength(Object.keys(keys).length);
    const shown = JSON.stringify(findings) + findings.map(formatFinding).join('\n');
    for (const line of Object.values(keys).flatMap(bodyLines)) expect(shown).not.toContain(line.slice(0, 24));
  });
});
