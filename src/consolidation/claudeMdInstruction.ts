import { elementAt } from '../errors.js';

/** One line of a CLAUDE.md file that tells Claude something: what a memory is checked against. */
export interface ClaudeMdInstruction {
  /** The file, as a person finds it (relative to the project when it is inside it). */
  readonly file: string;
  /** 1-based, in the file as it is on disk (frontmatter and comments counted). */
  readonly line: number;
  /** The line without its list or quote marker. */
  readonly text: string;
}

const FENCE = /^\s*(```|~~~)/;
const FRONTMATTER_EDGE = /^---\s*$/;
/** List bullets, numbers, task boxes and quote marks in front of what the line says. */
const MARKER = /^\s*(?:>\s*)*(?:(?:[-*+]|\d+[.)])\s+)?(?:\[[ xX]\]\s+)?/;

/** A line that says nothing to follow: a heading, a rule, a table border, an `@` reference alone, or too short to hold a rule. */
function isInstruction(text: string): boolean {
  if (text.startsWith('#')) return false;
  if (/^[-*_=|:\s]+$/.test(text)) return false;
  if (/^@\S+$/.test(text)) return false;
  return /[A-Za-z].*\s.*[A-Za-z0-9]/.test(text);
}

/**
 * The instructions of a CLAUDE.md (or rules) file, one per line, numbered as the file is on
 * disk: what a memory can be found to contradict. Frontmatter, fenced code and HTML comments
 * are not instructions (Claude Code drops the first and last before the model sees the file;
 * code is an example, not a rule).
 */
export function claudeMdInstructions(file: string, raw: string): ClaudeMdInstruction[] {
  const lines = raw.replace(/^\uFEFF/, '').split(/\r?\n/);
  const found: ClaudeMdInstruction[] = [];
  let start = 0;
  if (FRONTMATTER_EDGE.test(lines[0] ?? '')) {
    const end = lines.findIndex((line, i) => i > 0 && FRONTMATTER_EDGE.test(line));
    if (end > 0) start = end + 1;
  }
  let fence: string | null = null;
  let inComment = false;
  for (let i = start; i < lines.length; i++) {
    let line = elementAt(lines, i);
    const fenced = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (fenced === fence) fence = null;
      continue;
    }
    if (fenced !== undefined) {
      fence = fenced;
      continue;
    }
    if (inComment) {
      const close = line.indexOf('-->');
      if (close < 0) continue;
      inComment = false;
      line = line.slice(close + 3);
    }
    line = line.replace(/<!--.*?-->/g, '');
    const open = line.indexOf('<!--');
    if (open >= 0) {
      inComment = true;
      line = line.slice(0, open);
    }
    const text = line.replace(MARKER, '').trim();
    if (isInstruction(text)) found.push({ file, line: i + 1, text });
  }
  return found;
}
