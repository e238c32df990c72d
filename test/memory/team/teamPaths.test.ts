import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseCollisions, originUrl, parseRemoteUrl, quotedKey, repoOfProject, unsafeKeyReason } from '../../../src/memory/team/index.js';
import { tempDir } from '../../support/tempDir.js';

describe('team keys', () => {
  it('refuses bidi controls and zero-width characters, as the memory index does, and a message shows them escaped', () => {
    for (const c of ['\u202A', '\u202E', '\u2066', '\u2069', '\u200E', '\u200F', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'])
      expect(unsafeKeyReason(`a${c}b.md`), c.codePointAt(0)!.toString(16)).toMatch(/^holds a character nobody can see: U\+/);
    expect(quotedKey('evil\u202Egnp.md')).toBe('"evil\\u202Egnp.md"');
  });

  it('finds keys a case-insensitive file system would take for another, at any depth; existing names are checked, never reported', () => {
    expect(caseCollisions(['Ok.md', 'ok.md', 'fine.md'])).toEqual(
      new Map([
        ['Ok.md', 'ok.md'],
        ['ok.md', 'Ok.md'],
      ]),
    );
    expect(caseCollisions(['Notes/b.md', 'notes2/c.md'], ['notes/a.md', 'Readme.md'])).toEqual(new Map([['Notes/b.md', 'notes']]));
    expect(caseCollisions(['a/B.md', 'a/b.md/x.md'])).toEqual(
      new Map([
        ['a/B.md', 'a/b.md'],
        ['a/b.md/x.md', 'a/B.md'],
      ]),
    );
    expect(caseCollisions(['same.md'], ['same.md'])).toEqual(new Map());
  });

  it('accepts plain relative paths, subfolders included', () => {
    for (const key of ['MEMORY.md', 'topics/build.md', 'a b/ç.md', '.hidden.md', '__proto__']) expect(unsafeKeyReason(key), key).toBeNull();
  });

  it('refuses the index name in another spelling (memory.md would replace MEMORY.md on a case-insensitive file system), at any depth', () => {
    for (const key of ['memory.md', 'Memory.MD', 'MEMORY.MD', 'sub/memory.md', 'MEMORY.md.'])
      expect(unsafeKeyReason(key), key).toMatch(/would replace the index MEMORY\.md/);
    for (const key of ['MEMORY.md', 'sub/MEMORY.md', 'memory-notes.md', 'memory.md.bak']) expect(unsafeKeyReason(key), key).toBeNull();
  });

  it('refuses traversal however it is spelled, absolute paths, backslashes and control characters', () => {
    const bad = [
      '',
      '../x.md',
      'a/../../x',
      './x',
      'a//b',
      '/etc/passwd',
      'C:/x',
      'C:x',
      'a\\..\\x',
      'x\u0000.md',
      'x\n.md',
      '%2e%2e/x.md',
      '..%2fx',
      'a%2fb.md',
      '\uFF0E\uFF0E/x.md',
      'a\uFF0Fb.md',
      'a/',
      '%zz.md',
    ];
    for (const key of bad) expect(unsafeKeyReason(key), JSON.stringify(key)).not.toBeNull();
  });
});

describe('repository identification', () => {
  it('reads owner/repo from the ssh and URL forms of a remote', () => {
    expect(parseRemoteUrl('git@github.com:acme/shop.git')).toEqual({ host: 'github.com', slug: 'acme/shop' });
    expect(parseRemoteUrl('https://github.com/acme/shop')).toEqual({ host: 'github.com', slug: 'acme/shop' });
    expect(parseRemoteUrl('https://user@GitHub.com/acme/shop.git/')).toEqual({ host: 'github.com', slug: 'acme/shop' });
    expect(parseRemoteUrl('ssh://git@github.com:22/acme/shop.git')).toEqual({ host: 'github.com', slug: 'acme/shop' });
    expect(parseRemoteUrl('git://github.com/acme/shop')).toEqual({ host: 'github.com', slug: 'acme/shop' });
    expect(parseRemoteUrl('https://gitlab.com/acme/shop.git')).toEqual({ host: 'gitlab.com', slug: 'acme/shop' });
    for (const bad of ['/srv/git/shop.git', 'https://gitlab.com/group/sub/shop', 'shop', 'https://github.com/acme'])
      expect(parseRemoteUrl(bad), bad).toBeNull();
  });

  it("finds origin's URL in a git config", () => {
    const config =
      '[core]\n\tbare = false\n[remote "upstream"]\n\turl = git@github.com:other/x.git\n[remote "origin"]\n\turl = git@github.com:acme/shop.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n';
    expect(originUrl(config)).toBe('git@github.com:acme/shop.git');
    expect(originUrl('[core]\n')).toBeNull();
  });

  it('a project is identified through its canonical git root; other forges need --repo', () => {
    const root = tempDir();
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, '.git', 'config'), '[remote "origin"]\n\turl = https://github.com/acme/shop.git\n');
    expect(repoOfProject(join(root, 'src'))).toEqual({ ok: true, repo: { host: 'github.com', slug: 'acme/shop' } });
    writeFileSync(join(root, '.git', 'config'), '[remote "origin"]\n\turl = https://gitlab.com/acme/shop.git\n');
    const other = repoOfProject(root);
    expect(other.ok).toBe(false);
    expect(!other.ok && other.reason).toMatch(/gitlab\.com.*--repo/);
    expect(repoOfProject(tempDir())).toEqual({ ok: false, reason: 'not inside a git repository' });
  });
});
