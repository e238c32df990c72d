import { cutOnWords } from './cutOnWords.js';

/** MEMORY.md, the index of durable memory (long-term spec §1.4). */
export const INDEX_NAME = 'MEMORY.md';
export const MAX_INDEX_LINES = 200;
/** Counted in UTF-16 code units (`string.length`), as Claude Code does. */
export const MAX_INDEX_CHARS = 25_000;
/** What the model is asked to keep an index line under, in characters (code points: the cut never splits an emoji). */
export const INDEX_LINE_TARGET = 150;
/**
 * A title longer than this is cut in the index after a whole word (the topic file keeps it whole), so every line can
 * meet the target; the offline extractor's titles end on a clause within it (decision 120).
 */
export const INDEX_TITLE_CHARS = 60;

/**
 * Why a memory file may not have this name (the last part of a path or key), as a phrase to follow
 * the name, or null when it may. A name that is the index's in another case (`memory.md`,
 * `Memory.MD`) is the same file as the index on a case-insensitive file system (macOS, Windows),
 * so writing it would replace MEMORY.md; Windows also drops trailing dots and spaces. The index's
 * own name is not refused here: whether the index may be written is the caller's decision.
 */
export function reservedIndexNameReason(path: string): string | null {
  const name = path.split(/[\\/]/).at(-1) ?? path;
  if (name === INDEX_NAME || name.replace(/[. ]+$/, '').toUpperCase() !== INDEX_NAME.toUpperCase()) return null;
  return `would replace the index ${INDEX_NAME} on a case-insensitive file system (it is that name in another spelling)`;
}

export interface IndexRead {
  /** What the model sees. */
  readonly content: string;
  readonly lineTruncated: boolean;
  readonly charTruncated: boolean;
}

function size(chars: number): string {
  return chars < 1024 ? `${chars} B` : `${(chars / 1024).toFixed(1)} KB`;
}

/** The part of a trimmed index Claude Code keeps: its first 200 lines, then cut at the last line end within 25,000 characters. */
export function keptOfIndex(text: string): string {
  const lines = text.split('\n');
  let kept = lines.length > MAX_INDEX_LINES ? lines.slice(0, MAX_INDEX_LINES).join('\n') : text;
  if (kept.length > MAX_INDEX_CHARS) {
    const cut = kept.lastIndexOf('\n', MAX_INDEX_CHARS);
    kept = kept.slice(0, cut > 0 ? cut : MAX_INDEX_CHARS);
  }
  return kept;
}

/**
 * The index as Claude Code loads it: trimmed; over 200 lines or 25,000 characters it is cut
 * (at a line where it can) and a warning says so.
 */
export function readIndexForModel(raw: string): IndexRead {
  const text = raw.trim();
  const lines = text.split('\n');
  const lineTruncated = lines.length > MAX_INDEX_LINES;
  const charTruncated = text.length > MAX_INDEX_CHARS;
  if (!lineTruncated && !charTruncated) return { content: text, lineTruncated, charTruncated };
  const kept = keptOfIndex(text);
  const reason =
    lineTruncated && charTruncated
      ? `${lines.length} lines and ${size(text.length)}`
      : lineTruncated
        ? `${lines.length} lines (limit: ${MAX_INDEX_LINES})`
        : `${size(text.length)} (limit: ${size(MAX_INDEX_CHARS)}) — index entries are too long`;
  const warning = `> WARNING: MEMORY.md is ${reason}. Only part of it was loaded. Keep each index entry to one line of about 200 characters and move details into topic files.`;
  return { content: `${kept}\n\n${warning}`, lineTruncated, charTruncated };
}

export interface IndexFit {
  readonly content: string;
  /** Lines shortened to the target length. */
  readonly shortened: number;
  /** Oldest lines dropped (their topic files stay). */
  readonly dropped: readonly string[];
}

/**
 * The index as memlog writes it: never so long that Claude Code would cut it. Over the limits,
 * long lines are shortened first, then the oldest entries leave the index (their files stay);
 * the caller reports what was done.
 */
export function fitIndex(raw: string): IndexFit {
  let lines = raw.trimEnd().split('\n');
  if (raw.trim() === '') return { content: '', shortened: 0, dropped: [] };
  const within = (ls: string[]) => ls.length <= MAX_INDEX_LINES && ls.join('\n').trim().length <= MAX_INDEX_CHARS;
  if (within(lines)) return { content: `${lines.join('\n')}\n`, shortened: 0, dropped: [] };
  let shortened = 0;
  lines = lines.map((line) => {
    const short = shortenIndexLine(line);
    if (short !== line) shortened++;
    return short;
  });
  const dropped: string[] = [];
  while (!within(lines)) {
    const oldest = lines.findIndex((line) => line.startsWith('- '));
    dropped.push(...lines.splice(oldest === -1 ? 0 : oldest, 1));
  }
  return { content: `${lines.join('\n')}\n`, shortened, dropped };
}

/**
 * An index line cut to about the target length: only its hook (after the link) is shortened, after a whole word and
 * with "…" (decision 68), so the link and its file name stay intact; a hook whose first word does not fit goes.
 */
export function shortenIndexLine(line: string): string {
  if ([...line].length <= INDEX_LINE_TARGET) return line;
  const link = /^- \[[^\]]*\]\([^)]*\)/.exec(line)?.[0];
  if (link === undefined) return cutOnWords(line, INDEX_LINE_TARGET) || line;
  const lead = /^\s*(?:[\u2013\u2014-]\s*)?/.exec(line.slice(link.length))?.[0] ?? '';
  return pointerLine(`${link}${lead}`, line.slice(link.length + lead.length));
}

/** A pointer and its hook within the target length, the hook cut after a whole word (or left out when none fits). */
export function pointerLine(head: string, hook: string): string {
  const hookRoom = INDEX_LINE_TARGET - [...head].length;
  const cut = hookRoom > 0 ? cutOnWords(hook, hookRoom) : '';
  return cut === '' ? head.trimEnd().replace(/\s+[\u2013\u2014-]$/u, '') : `${head}${cut}`;
}
