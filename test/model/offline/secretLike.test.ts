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
