import { describe, expect, it } from 'vitest';
import {
  loadInstructionFiles,
  mapFileSource,
  readInstructionText,
  renderInstructions,
  userContextMessage,
} from '../../src/context/index.js';

const base = { cwd: '/home/u/repo/app', configDir: '/home/u/.claude', managedDir: '/etc/claude-code', home: '/home/u' };

describe('CLAUDE.md loading (long-term spec §6)', () => {
  it('loads managed, user, then each directory from the root down to the cwd, local last in each directory', () => {
    const files = mapFileSource({
      '/etc/claude-code/CLAUDE.md': 'managed',
      '/etc/claude-code/.claude/rules/policy.md': 'managed rule',
      '/home/u/.claude/CLAUDE.md': 'user',
      '/home/u/.claude/rules/b.md': 'user rule b',
      '/home/u/.claude/rules/a.md': 'user rule a',
      '/home/u/CLAUDE.md': 'home project',
      '/home/u/repo/CLAUDE.local.md': 'repo local',
      '/home/u/repo/CLAUDE.md': 'repo project',
      '/home/u/repo/.claude/CLAUDE.md': 'repo dot-claude',
      '/home/u/repo/.claude/rules/style.md': 'repo rule',
      '/home/u/repo/app/CLAUDE.md': 'app project',
      '/home/u/repo/app/sub/CLAUDE.md': 'below the cwd: not eager',
    });
    const load = loadInstructionFiles(files, base);
    expect(load.files.map((f) => [f.kind, f.content])).toEqual([
      ['managed', 'managed'],
      ['managed', 'managed rule'],
      ['user', 'user'],
      ['user', 'user rule a'],
      ['user', 'user rule b'],
      ['project', 'home project'],
      ['project', 'repo project'],
      ['project', 'repo dot-claude'],
      ['project', 'repo rule'],
      ['local', 'repo local'],
      ['project', 'app project'],
    ]);
    expect(load.diagnostics).toEqual([]);
  });

  it('puts each @import right after the file that references it, depth first, and stops at depth 5', () => {
    const files = mapFileSource({
      '/home/u/repo/app/CLAUDE.md': 'root @a.md then @./b.md',
      '/home/u/repo/app/a.md': 'a @deep/1.md',
      '/home/u/repo/app/b.md': 'b',
      '/home/u/repo/app/deep/1.md': 'one @2.md',
      '/home/u/repo/app/deep/2.md': 'two @3.md',
      '/home/u/repo/app/deep/3.md': 'three @4.md',
      '/home/u/repo/app/deep/4.md': 'four',
    });
    const load = loadInstructionFiles(files, base);
    expect(load.files.map((f) => f.path.replace('/home/u/repo/app/', ''))).toEqual([
      'CLAUDE.md',
      'a.md',
      'deep/1.md',
      'deep/2.md',
      'deep/3.md',
      'b.md',
    ]);
    expect(load.files[1]?.includedFrom).toBe('/home/u/repo/app/CLAUDE.md');
    expect(load.diagnostics.map((d) => d.code)).toEqual(['import_depth']);
  });

  it('turns a cycle, a missing file, an escape from the cwd and a binary into diagnostics, never a crash', () => {
    const files = mapFileSource({
      '/home/u/repo/app/CLAUDE.md': 'x @loop.md @missing.md @../../secret.md @image.png',
      '/home/u/repo/app/loop.md': 'loop @CLAUDE.md',
      '/home/u/secret.md': 'outside',
    });
    const load = loadInstructionFiles(files, base);
    expect(load.files.map((f) => f.content)).toEqual(['x @loop.md @missing.md @../../secret.md @image.png', 'loop @CLAUDE.md']);
    expect(load.diagnostics.map((d) => d.code).sort()).toEqual(['import_cycle', 'import_external', 'import_missing', 'import_not_text']);
    expect(loadInstructionFiles(files, { ...base, allowExternalIncludes: true }).files.map((f) => f.content)).toContain('outside');
  });

  it('lets user files reference files anywhere', () => {
    const files = mapFileSource({ '/home/u/.claude/CLAUDE.md': 'me @~/notes/style.md', '/home/u/notes/style.md': 'tabs' });
    expect(loadInstructionFiles(files, base).files.map((f) => f.content)).toEqual(['me @~/notes/style.md', 'tabs']);
  });

  it('drops empty files, leaves conditional rules for later, and reports unreadable frontmatter', () => {
    const files = mapFileSource({
      '/home/u/repo/app/CLAUDE.md': '   \n',
      '/home/u/repo/app/.claude/rules/ts.md': '---\npaths: src/**/*.ts\n---\nTypeScript only',
      '/home/u/repo/app/.claude/rules/all.md': '---\npaths: "**"\n---\nEverywhere',
      '/home/u/repo/app/.claude/rules/bad.md': '---\npaths: [unclosed\n---\nStill loaded',
    });
    const load = loadInstructionFiles(files, base);
    expect(load.files.map((f) => f.content)).toEqual(['Everywhere', 'Still loaded']);
    expect(load.conditional).toEqual(['/home/u/repo/app/.claude/rules/ts.md']);
    expect(load.diagnostics.map((d) => d.code)).toEqual(['bad_frontmatter']);
  });
});

describe('reading an instruction file', () => {
  it('finds @references in prose only: not in code fences, code spans or comments; strips block comments', () => {
    const text = [
      'See @docs/a.md and email me@example.com.',
      '```',
      '@not/this.md',
      '```',
      'Inline `@nor/this.md` here.',
      '<!-- hidden @hidden.md',
      'still hidden -->',
      'Escaped @my\\ file.md#section',
      '<!-- unclosed @kept.md',
    ].join('\n');
    const parsed = readInstructionText(text);
    expect(parsed.imports).toEqual(['docs/a.md', 'my file.md', 'kept.md']);
    expect(parsed.content).not.toContain('hidden');
    expect(parsed.content).toContain('<!-- unclosed');
  });

  it('expands brace lists in paths', () => {
    expect(readInstructionText('---\npaths: "src/{a,b}.ts, lib/**"\n---\nx').globs).toEqual(['src/a.ts', 'src/b.ts', 'lib']);
  });
});

describe('the user-context message (spec §7.2)', () => {
  it('lists the files in load order with what they are, then the index, inside one system reminder', () => {
    const claudeMd = renderInstructions([{ path: '/r/CLAUDE.md', kind: 'project', content: 'Use tabs.\n' }], {
      path: '/m/MEMORY.md',
      content: '- [A](a.md) — a',
    });
    const message = userContextMessage({ claudeMd, currentDate: "Today's date is 2026-03-02." }) ?? '';
    expect(message.startsWith('<system-reminder>\n')).toBe(true);
    expect(message.endsWith('\n</system-reminder>')).toBe(true);
    expect(message.indexOf('Contents of /r/CLAUDE.md (project instructions')).toBeLessThan(message.indexOf('Contents of /m/MEMORY.md'));
    expect(message).toContain('# currentDate\nToday');
    expect(userContextMessage({ claudeMd: '', currentDate: '' })).toBeNull();
  });
});
