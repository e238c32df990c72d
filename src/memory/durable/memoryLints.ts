import { missing } from '../../errors.js';
import { keptOfIndex, MAX_INDEX_CHARS, MAX_INDEX_LINES } from './memoryIndex.js';
import { describeCharacter, invisibleCharacters } from './memoryPathLint.js';

/** What recall reads of a topic file (spec-2.1.332 §3): its first 4,096 bytes and 200 lines. */
export const MAX_TOPIC_BYTES = 4096;
export const MAX_TOPIC_LINES = 200;
/** A description longer than this no longer reads as one line of "what this memory is". */
export const MAX_DESCRIPTION_CHARS = 300;
/** At this share of a cap Claude Code tells its writer to cut the file down. */
export const NEAR_CAP_SHARE = 0.8;

export type MemoryLintKind =
  'invisible_name' | 'missing_description' | 'long_description' | 'continuation_chain' | 'near_cap' | 'over_cap' | 'index_cut';

export interface MemoryLint {
  /** The file it is about, relative to the memory directory (MEMORY.md for the index). */
  readonly file: string;
  readonly kind: MemoryLintKind;
  readonly message: string;
}

export interface LintedFile {
  readonly filename: string;
  readonly description: string | null;
  readonly bytes: number;
  readonly lines: number;
}

const percent = (share: number): string => `${Math.round(share * 100)} %`;

/** How full a file is of its tightest cap, and of which. */
function fullness(caps: ReadonlyArray<{ readonly used: number; readonly cap: number; readonly unit: string }>) {
  const [first, ...rest] = caps.map((c) => ({ ...c, share: c.used / c.cap }));
  if (first === undefined) return missing('caps', 0);
  // The first of the fullest, as a stable sort by share would put first.
  return rest.reduce((fullest, c) => (c.share > fullest.share ? c : fullest), first);
}

/** The lints of the topic files (names, descriptions, continuation chains, sizes). */
export function lintTopicFiles(files: readonly LintedFile[]): MemoryLint[] {
  const lints: MemoryLint[] = [];
  const names = new Set(files.map((f) => f.filename));
  for (const file of files) {
    const hidden = invisibleCharacters(file.filename);
    if (hidden.length > 0)
      lints.push({
        file: file.filename,
        kind: 'invisible_name',
        message: `its name holds ${hidden.map(describeCharacter).join(', ')}: it can look like another file's name`,
      });
    if (file.description === null)
      lints.push({
        file: file.filename,
        kind: 'missing_description',
        message: 'no description: recall picks memories by their description',
      });
    else if ([...file.description].length > MAX_DESCRIPTION_CHARS)
      lints.push({
        file: file.filename,
        kind: 'long_description',
        message: `description of ${[...file.description].length} characters (over ${MAX_DESCRIPTION_CHARS}): say in one line what the memory is`,
      });
    const chain = /^(.*)-(\d+)\.md$/.exec(file.filename);
    if (chain !== null && Number(chain[2]) >= 2 && names.has(`${chain[1]}.md`))
      lints.push({
        file: file.filename,
        kind: 'continuation_chain',
        message: `continues ${chain[1]}.md: rewrite that memory shorter instead of continuing it in another file`,
      });
    const top = fullness([
      { used: file.bytes, cap: MAX_TOPIC_BYTES, unit: 'bytes' },
      { used: file.lines, cap: MAX_TOPIC_LINES, unit: 'lines' },
    ]);
    if (top.share > 1)
      lints.push({
        file: file.filename,
        kind: 'over_cap',
        message: `${top.used} ${top.unit}, over the cap of ${top.cap}: recall shows only the start of it`,
      });
    else if (top.share >= NEAR_CAP_SHARE)
      lints.push({
        file: file.filename,
        kind: 'near_cap',
        message: `${top.used} ${top.unit}, ${percent(top.share)} of the cap of ${top.cap}: cut it to about 70 %`,
      });
  }
  return lints;
}

/** Where Claude Code cuts an oversized index: the first line it leaves out (1-based, counted in the file as it is). */
export interface IndexCut {
  readonly firstCutLine: number;
  readonly firstCutText: string;
  /** Lines left out, counting one cut through the middle. */
  readonly cutLines: number;
  /** The first cut line is partly kept (a single line over the character cap). */
  readonly partial: boolean;
}

/** The lines of an index Claude Code would not load, or null when it loads it whole. */
export function indexCut(raw: string): IndexCut | null {
  const text = raw.trim();
  const kept = keptOfIndex(text);
  if (kept.length === text.length) return null;
  const leading = raw.slice(0, raw.length - raw.trimStart().length).split('\n').length - 1;
  const lines = text.split('\n');
  const keptLines = kept.split('\n');
  // Cut at a line end, the kept text ends a line; cut inside one line, its last line is partial.
  const partial = keptLines.at(-1) !== lines[keptLines.length - 1];
  const firstCut = partial ? keptLines.length - 1 : keptLines.length;
  return {
    firstCutLine: leading + firstCut + 1,
    firstCutText: lines[firstCut] ?? '',
    cutLines: lines.length - firstCut,
    partial,
  };
}

/** The index's lints: near its caps, or over them with the first line Claude Code cuts named. */
export function lintIndex(raw: string, file = 'MEMORY.md'): MemoryLint[] {
  const text = raw.trim();
  const cut = indexCut(raw);
  if (cut !== null) {
    const quoted = cut.firstCutText.length > 80 ? `${cut.firstCutText.slice(0, 79)}…` : cut.firstCutText;
    return [
      {
        file,
        kind: 'index_cut',
        message: `over its caps (${MAX_INDEX_LINES} lines, ${MAX_INDEX_CHARS.toLocaleString('en-US')} characters): Claude Code cuts it from line ${cut.firstCutLine}${cut.partial ? ' (in the middle of it)' : ''}, "${quoted}", ${cut.cutLines} line${cut.cutLines === 1 ? '' : 's'} not loaded`,
      },
    ];
  }
  const top = fullness([
    { used: text === '' ? 0 : text.split('\n').length, cap: MAX_INDEX_LINES, unit: 'lines' },
    { used: text.length, cap: MAX_INDEX_CHARS, unit: 'characters' },
  ]);
  if (top.share < NEAR_CAP_SHARE) return [];
  return [
    {
      file,
      kind: 'near_cap',
      message: `${top.used} ${top.unit}, ${percent(top.share)} of the cap of ${top.cap.toLocaleString('en-US')}: shorten lines or move detail into topic files`,
    },
  ];
}
