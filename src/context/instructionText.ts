import { elementAt } from '../errors.js';
import { parseFrontmatterYaml } from '../memory/durable/frontmatterYaml.js';

/** What one CLAUDE.md or rules file says, once its frontmatter and hidden comments are gone. */
export interface InstructionText {
  /** The text the model sees. */
  readonly content: string;
  /** `@` references found in the prose (not in code), in order, as written (fragment and escapes removed). */
  readonly imports: readonly string[];
  /** The `paths:` globs of a conditional rule; undefined when the file applies everywhere. */
  readonly globs?: readonly string[];
  /** Why the frontmatter was ignored, when it could not be read. */
  readonly frontmatterProblem?: string;
}

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Reads an instruction file (long-term spec §6.2): frontmatter stripped (its `paths:` makes a
 * conditional rule), block-level HTML comments removed outside code, and `@path` references
 * collected from prose only: not from fenced code, code spans or comments.
 */
export function readInstructionText(raw: string): InstructionText {
  const text = raw.replace(/^\uFEFF/, '');
  const match = FRONTMATTER.exec(text);
  let body = text;
  let globs: string[] | undefined;
  let frontmatterProblem: string | undefined;
  if (match) {
    body = text.slice(match[0].length);
    const yaml = parseFrontmatterYaml(elementAt(match, 1, 'frontmatter'));
    if (yaml.ok) globs = globsOf(yaml.data);
    else frontmatterProblem = `frontmatter is not valid YAML (${yaml.reason}); it was left out`;
  }
  const { content, imports } = scanBody(body);
  return {
    content,
    imports,
    ...(globs === undefined ? {} : { globs }),
    ...(frontmatterProblem === undefined ? {} : { frontmatterProblem }),
  };
}

/** `paths:` as a list or a comma list with {a,b} expansion; a trailing `/**` dropped; all-`**` means everywhere. */
function globsOf(data: unknown): string[] | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const raw = (data as Record<string, unknown>)['paths'];
  const items =
    typeof raw === 'string' ? splitOutsideBraces(raw) : Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  // One budget for the whole value: every item's expansions count against it.
  const budget = { left: MAX_EXPANDED_GLOBS };
  const globs = items
    .flatMap((item) => expandBraces(item, budget))
    .map((glob) => glob.trim().replace(/\/\*\*$/, ''))
    .filter((glob) => glob !== '');
  if (globs.length === 0 || globs.every((glob) => glob === '**')) return undefined;
  return globs;
}

function splitOutsideBraces(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '{') depth++;
    if (ch === '}') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

/** Past this many patterns a `paths:` value is cut short: `{a,b}` repeated doubles them each time. */
export const MAX_EXPANDED_GLOBS = 1_000;

function expandBraces(glob: string, budget: { left: number }): string[] {
  const match = /\{([^{}]*)\}/.exec(glob);
  if (!match) {
    if (budget.left <= 0) return [];
    budget.left--;
    return [glob];
  }
  const out: string[] = [];
  for (const alt of elementAt(match, 1, 'braces').split(',')) {
    if (budget.left <= 0) break;
    out.push(...expandBraces(glob.slice(0, match.index) + alt + glob.slice(match.index + match[0].length), budget));
  }
  return out;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** One pass over the lines: fences switch code on and off; comments that open a block are dropped whole. */
function scanBody(body: string): { content: string; imports: string[] } {
  const lines = body.split('\n');
  const closers = closersOf(lines);
  const kept: string[] = [];
  const imports: string[] = [];
  const keepProse = (text: string): void => {
    kept.push(text);
    imports.push(...referencesIn(text));
  };
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = elementAt(lines, i);
    const marker = FENCE.exec(line)?.[1];
    if (fence !== null || marker !== undefined) {
      kept.push(line);
      fence = fence === null ? (marker ?? null) : closesFence(fence, marker, line) ? null : fence;
      continue;
    }
    const end = /^ {0,3}<!--/.test(line) ? commentEnd(lines, closers, i) : undefined;
    if (end === undefined) {
      keepProse(line);
      continue;
    }
    i = end.line;
    if (end.residue.trim() !== '') keepProse(end.residue);
  }
  return { content: kept.join('\n'), imports };
}

/** closers[k]: the first line at or after k with a `-->` (lines.length when none), found in one backward pass. */
function closersOf(lines: readonly string[]): number[] {
  const closers = new Array<number>(lines.length + 1);
  let next = lines.length;
  closers[lines.length] = next;
  for (let k = lines.length - 1; k >= 0; k--) {
    if (elementAt(lines, k).includes('-->')) next = k;
    closers[k] = next;
  }
  return closers;
}

/** Whether a line with this fence marker closes the open fence: the same character, at least as long, nothing else. */
function closesFence(fence: string, marker: string | undefined, line: string): boolean {
  return marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker;
}

/**
 * Where a block-level comment opened on line `i` ends: on this line after the opener, or on the
 * first later line with a closer (looked up, never searched again: re-joining the rest of the
 * file made long files of comment openers quadratic); undefined when it is never closed (kept).
 */
function commentEnd(lines: readonly string[], closers: readonly number[], i: number): { line: number; residue: string } | undefined {
  const line = elementAt(lines, i);
  const endAt = line.indexOf('-->', line.indexOf('<!--') + 4);
  if (endAt >= 0) return { line: i, residue: line.slice(endAt + 3) };
  const closer = closers[i + 1];
  if (closer === undefined || closer >= lines.length) return undefined;
  const closing = elementAt(lines, closer);
  return { line: closer, residue: closing.slice(closing.indexOf('-->') + 3) };
}

/** `@path` references in one line of prose, code spans and inline comments skipped. */
function referencesIn(line: string): string[] {
  const prose = line.replace(/(`+)[\s\S]*?\1/g, ' ').replace(/<!--[\s\S]*?-->/g, ' ');
  const out: string[] = [];
  for (const match of prose.matchAll(/(?:^|\s)@((?:\\ |[^\s])+)/g)) {
    let ref = elementAt(match, 1, 'reference').replace(/\\ /g, ' ');
    const hash = ref.indexOf('#');
    if (hash >= 0) ref = ref.slice(0, hash);
    if (ref === '') continue;
    if (ref.startsWith('./') || ref.startsWith('~/') || ref.startsWith('/') || /^[A-Za-z0-9._-]/.test(ref)) {
      if (ref.startsWith('@')) continue;
      out.push(ref);
    }
  }
  return out;
}
