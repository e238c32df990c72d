import { describe, expect, it } from 'vitest';
import { describeCharacter, invisibleCharacters, isExcludedFromMemory, memoryWriteRefusal } from '../../../src/memory/durable/index.js';

describe('the write lint of memory paths (spec-2.1.332 §3)', () => {
  it('a name with a zero-width space is refused, the message naming the character', () => {
    expect(memoryWriteRefusal('pre\u200bfers-tabs.md')).toMatch(/U\+200B \(ZERO WIDTH SPACE\)/);
  });

  it('controls, bidirectional overrides, the byte-order mark, a Hangul filler and a no-break space are invisible; plain text is not', () => {
    expect(invisibleCharacters('a\tb\u202ec\ufeffd\u3164e\u00a0f').map(describeCharacter)).toEqual([
      'U+0009 (TAB)',
      'U+202E (RIGHT-TO-LEFT OVERRIDE)',
      'U+FEFF (ZERO WIDTH NO-BREAK SPACE (byte-order mark))',
      'U+3164',
      'U+00A0 (NO-BREAK SPACE)',
    ]);
    expect(invisibleCharacters('user prefers tabs — 日本語 café.md')).toEqual([]);
  });

  it('only Markdown, never a protected folder or a dot-folder, whatever the case', () => {
    expect(memoryWriteRefusal('prefers-tabs.md')).toBeNull();
    expect(memoryWriteRefusal('team/shared.md')).toBeNull();
    expect(memoryWriteRefusal('topics/build.md')).toBeNull();
    expect(memoryWriteRefusal('notes.txt')).toMatch(/does not end in \.md/);
    for (const folder of ['.git', 'agents', 'Skills', 'commands', '.claude', 'node_modules', 'hooks', '.husky', '.cache'])
      expect(memoryWriteRefusal(`${folder}/x.md`), folder).toMatch(new RegExp(`"${folder.replace('.', '\\.')}" is not a memory folder`));
    expect(memoryWriteRefusal('.hidden.md')).toMatch(/hidden file/);
  });

  it('team/, logs/, sessions/, proposals/ at the top and every dot-folder are not memory; a file of that name is', () => {
    for (const path of ['team/a.md', 'logs/a.md', 'sessions/x/a.md', 'proposals/a.md', 'x/.drafts/a.md', '.trash/a.md'])
      expect(isExcludedFromMemory(path), path).toBe(true);
    for (const path of ['team.md', 'logs.md', 'topics/team/a.md', 'a.md']) expect(isExcludedFromMemory(path), path).toBe(false);
  });
});
