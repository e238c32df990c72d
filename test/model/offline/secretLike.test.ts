import { describe, expect, it } from 'vitest';
import { looksSecret } from '../../../src/model/offline/secretLike.js';

// Invented values in the shapes a review found saved into memory files; none was ever valid.
describe('looksSecret: a number in a joined run is a word only after a numbered thread (decision 110, amended)', () => {
  it('keeps links to numbered pull requests, issues and merge requests as words', () => {
    expect(looksSecret('https://github.com/acme-tools/widget-specification/pull/812')).toBe(false);
    expect(looksSecret('https://gitlab.example.org/platform/build-scripts/-/merge_requests/10423')).toBe(false);
    expect(looksSecret('https://github.com/acme-tools/widget-specification/discussions/4411')).toBe(false);
  });

  it('takes a passphrase, a recovery key, a webhook or a signature with a number group for a key', () => {
    expect(looksSecret('The staging vault passphrase is glacier-marble-sunset-river-1234, keep it.')).toBe(true);
    expect(looksSecret('Our admin recovery key is abcd-2345-efgh-6723-ijkl-4567-mnop.')).toBe(true);
    expect(looksSecret('Deploy notices go to https://hooks.example.com/hooks/catch/123456/abcdef/ always.')).toBe(true);
    expect(looksSecret('Exports use https://api.example.com/v1/export?sig=abcd1234-5678-ef90-123456 now.')).toBe(true);
  });
});

// Invented links and slugs: owners and repositories are often named with capitals (decision 110, amended 2026-12-07).
describe('looksSecret: names written with capitals in a path are words, not a key (decision 110, amended)', () => {
  it('keeps a link to a numbered thread whose owner or repository is capitalised', () => {
    expect(looksSecret('Read https://github.com/PixelForge/render-kit/pull/4411 before the parser.')).toBe(false);
    expect(looksSecret('See https://github.com/AcmeWidgets/TypeChecker/issues/812/comments first.')).toBe(false);
  });

  it('keeps a repository slug with an acronym', () => {
    expect(looksSecret('We develop in github.com/janedoe/telescope110-FLITS until it moves to the org.')).toBe(false);
  });

  it('still takes runs whose capitals or digits fall inside a part for a key', () => {
    expect(looksSecret('The upload secret is wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY for now.')).toBe(true);
    expect(looksSecret('Use AbcDef12/GhiJkl34/MnoPqr56/StuVwx78 as the signing value.')).toBe(true);
    expect(looksSecret('The vault passphrase is Glacier-Marble-Sunset-River-1234, keep it.')).toBe(true);
    expect(looksSecret('The vault passphrase is Glacier-Marble-Sunset-River1234, keep it.')).toBe(true);
    expect(looksSecret('Deploy hooks post to https://hooks.example.com/T0ABCDEFG/B0HIJKLMN/QrStUvWxYz12 each time.')).toBe(true);
  });
});

describe("looksSecret: a URL's password", () => {
  it('is one with no user before it, or with a slash inside it', () => {
    expect(looksSecret('The cache lives at redis://:s3cretpassw0rd@cache.internal:6379/0 so use it.')).toBe(true);
    expect(looksSecret('Reports read postgres://report:Xk9/p2vLq@db.internal:5432/prod every night.')).toBe(true);
    expect(looksSecret('Reports read postgres://report:hunter22x@db.internal:5432/prod every night.')).toBe(true);
  });

  it('is no port before a path that starts with @', () => {
    expect(looksSecret('Packages come from https://registry.npmjs.org:443/@acme/widgets now.')).toBe(false);
  });
});

// Invented passphrases in the shapes a review found saved whole with the message (decision 110, reviewed): capitalised
// words are words only inside a link or an owner/repo path, never in a bare run joined by - or _.
describe('looksSecret: capitalised words joined by - or _ with a digit-ended word are a key (decision 110, reviewed)', () => {
  it.each([
    'From now on always log in to the staging dashboard as admin with Hunter-Sunset-Galaxy-moon99 when you run the smoke tests.',
    'The VPN passphrase is Purple-Monkey-Dishwasher-rain77, always connect before running the deploy script.',
    'Always use the shared account key Blue-Tiger-AWS-lamp1234-Ocean for the nightly uploads.',
    'We always fetch the report from https://reports.example.com/share/Hunter_Sunset_Galaxy_moon99_Rocket before the weekly sync.',
    'pass: Hunter-Sunset-Galaxy-moon99',
    'MyProject-deploy-Key-abc123-XYZ',
  ])('%s', (said) => {
    expect(looksSecret(said)).toBe(true);
  });

  it('names a passphrase, a login or credentials followed by a value as a credential', () => {
    expect(looksSecret('passphrase: correct horse battery')).toBe(true);
    expect(looksSecret('The login is Orbit7Lantern for the demo box.')).toBe(true);
    expect(looksSecret('credentials = Orbit7Lantern')).toBe(true);
  });

  it('still keeps capitalised owners and repositories inside a path as words', () => {
    expect(looksSecret('Read https://github.com/PixelForge/render-kit/pull/4411 before the parser.')).toBe(false);
    expect(looksSecret('We develop in acme-org/telescope110-FLITS until it moves.')).toBe(false);
  });
});

describe('looksSecret: ids that name a run, a record or a day in a path are words (decision 110, amended)', () => {
  it('keeps a link to a CI run and its job, and to a pipeline', () => {
    expect(looksSecret('It still fails at https://github.com/AcmeWidgets/render-kit/actions/runs/18273645501/job/51234987612 today.')).toBe(
      false,
    );
    expect(looksSecret('See https://gitlab.example.org/platform/build-scripts/-/pipelines/98765432 for the log.')).toBe(false);
  });

  it('keeps a path through a UUID', () => {
    expect(looksSecret('Read ~/.claude/projects/-home-ana-shop/3f2b9c1e-8d4a-4b7e-9f01-2c3d4e5f6a7b.jsonl first.')).toBe(false);
    expect(looksSecret('The page calls /api/orders/3f2b9c1e-8d4a-4b7e-9f01-2c3d4e5f6a7b/items on load.')).toBe(false);
  });

  it('keeps a name or path with a date in it', () => {
    expect(looksSecret('Results go under analysis/scattering-refit-2026-06/ from now on.')).toBe(false);
    expect(looksSecret('Put the notes in docs/meeting-notes-2025-11-30 like the others.')).toBe(false);
  });

  it('still takes a number after any other word, a number group that is no date, or mixed parts beside a UUID for a key', () => {
    expect(looksSecret('Deploy notices go to https://hooks.example.com/hooks/catch/18273645501/abcdef/ always.')).toBe(true);
    expect(looksSecret('The staging vault passphrase is glacier-marble-sunset-2026-1234, keep it.')).toBe(true);
    expect(looksSecret('Use /keys/3f2b9c1e-8d4a-4b7e-9f01-2c3d4e5f6a7b/Xk9pQ2vLmN7rT4sW8yZ1 to sign.')).toBe(true);
  });
});

describe('looksSecret: a CSS utility class with a colour shade is a name (decision 133)', () => {
  it('keeps style rules that name classes, joined by a slash or with a variant', () => {
    expect(looksSecret('Status badges: green for online (bg-green-100/text-green-800 or dark:text-green-400).')).toBe(false);
    expect(looksSecret('Use border-slate-200 for cards and bg-neutral-950 for the page.')).toBe(false);
  });

  it('still takes a shade-looking number in any other word, or a long one, for a key', () => {
    expect(looksSecret('The vault passphrase is bg-marble-sunset-100/lake-river-9000, keep it.')).toBe(true);
    expect(looksSecret('Token: text-green-12345/bg-blue-67890')).toBe(true);
  });
});
