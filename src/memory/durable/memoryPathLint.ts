/**
 * Rules for paths inside a memory directory (Claude Code 2.1.332, spec-2.1.332 §3): which
 * names a memory may not have, which folders are never written, which subtrees are not memory.
 */

/**
 * Characters a reader cannot see in a file name: controls, format characters (zero-width,
 * bidirectional overrides, the byte-order mark), line and paragraph separators, spaces other
 * than the plain one, and everything Unicode marks as default-ignorable (Hangul fillers,
 * variation selectors, tag characters). A name holding one can look like another file's.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|[^\P{Zs} ]/u;

/** Names for the characters people meet most, so a message says more than a code point. */
const CHARACTER_NAMES: Readonly<Record<number, string>> = {
  0x00: 'NULL',
  0x09: 'TAB',
  0x0a: 'LINE FEED',
  0x0d: 'CARRIAGE RETURN',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0xa0: 'NO-BREAK SPACE',
  0xad: 'SOFT HYPHEN',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (byte-order mark)',
};

/** `\u200B`: a character written so a terminal shows it and does not obey it (a name in a message, a cell of a table). */
export const codePointEscape = (char: string): string => `\\u${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** `U+200B (ZERO WIDTH SPACE)`: how a message names a character. */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = CHARACTER_NAMES[code];
  return name === undefined ? hex : `${hex} (${name})`;
}

/** The invisible or control characters of a text, each once, in order of first appearance. */
export function invisibleCharacters(text: string): string[] {
  const found: string[] = [];
  for (const char of text) if (INVISIBLE.test(char) && !found.includes(char)) found.push(char);
  return found;
}

export const hasInvisibleCharacter = (text: string): boolean => INVISIBLE.test(text);

/**
 * Folders no memory write goes into, whatever their case: another tool's configuration or
 * code lives there (a repository, agent and skill definitions, commands, hooks, packages).
 */
const PROTECTED_FOLDERS = new Set(['.git', '.claude', 'agents', 'skills', 'commands', 'hooks', '.husky', 'git-hooks', 'node_modules']);

/** Subtrees of a memory directory that are not memories: never scanned, listed or indexed. */
const EXCLUDED_SUBTREES = new Set(['team', 'logs', 'sessions', 'proposals']);

const segmentsOf = (relativePath: string): string[] => relativePath.split(/[\\/]/).filter((part) => part !== '' && part !== '.');

/**
 * Whether a path relative to the memory directory lies in a subtree that is not memory: one of
 * `team/`, `logs/`, `sessions/`, `proposals/` at the top, or any dot-folder.
 */
export function isExcludedFromMemory(relativePath: string): boolean {
  const parts = segmentsOf(relativePath);
  const folders = parts.slice(0, -1);
  const [top] = folders;
  return (top !== undefined && EXCLUDED_SUBTREES.has(top)) || folders.some((part) => part.startsWith('.'));
}

/**
 * Why a background agent may not write this path (relative to the memory directory), or null
 * when it may: a name with a character nobody can see, a file that is not Markdown, a
 * protected folder or a dot-folder on the way.
 */
export function memoryWriteRefusal(relativePath: string): string | null {
  const hidden = invisibleCharacters(relativePath);
  if (hidden.length > 0)
    return `the path ${JSON.stringify(relativePath)} holds ${hidden.length === 1 ? 'a character' : 'characters'} nobody can see: ${hidden.map(describeCharacter).join(', ')}; name the memory with visible characters only`;
  const parts = segmentsOf(relativePath);
  const name = parts.at(-1) ?? '';
  const folder = parts.slice(0, -1).find((part) => PROTECTED_FOLDERS.has(part.toLowerCase()) || part.startsWith('.'));
  if (folder !== undefined)
    return `${JSON.stringify(folder)} is not a memory folder (${PROTECTED_FOLDERS.has(folder.toLowerCase()) ? 'it holds configuration or code of another tool' : 'dot-folders are not memory'}); write memories elsewhere in the memory directory`;
  if (!name.toLowerCase().endsWith('.md')) return `memory files are Markdown: ${JSON.stringify(name)} does not end in .md`;
  if (name.startsWith('.')) return `${JSON.stringify(name)} is a hidden file; memories are never hidden`;
  return null;
}
