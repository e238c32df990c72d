import { cutOnWords } from '../memory/durable/cutOnWords.js';
import { INDEX_TITLE_CHARS, shortenIndexLine } from '../memory/durable/memoryIndex.js';
import { isNegation, memorySlug } from '../memory/durable/memorySlug.js';
import { fitPointers, type IndexEntry } from './fitPointers.js';
import { indexHook, lastResortHook } from './indexHook.js';
import { indexLine, MEMORY_TYPES, type TopicFile } from '../memory/durable/topicFile.js';

interface IndexedLine {
  readonly line: string;
  readonly filename: string | null;
}

const LINK = /^- \[[^\]]*\]\(([^)]+)\)/;
const parseIndex = (index: string): IndexedLine[] =>
  index === ''
    ? []
    : index
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => ({ line, filename: LINK.exec(line)?.[1] ?? null }));

/**
 * A title longer than the index's room for one, cut after a whole word; one word longer than it is cut where it must.
 * A cut that would drop a negation leaves a title of up to 100 characters whole: a line over the target says less of
 * its hook, never the opposite of its rule (decision 120).
 */
function clipTitle(name: string): string {
  const clipped = cutOnWords(name, INDEX_TITLE_CHARS) || `${[...name].slice(0, INDEX_TITLE_CHARS - 1).join('')}…`;
  return negationsIn(clipped) < negationsIn(name) && [...name].length <= MAX_WHOLE_TITLE_CHARS ? name : clipped;
}
/** The longest title kept whole for its negation; a longer one is a run-on sentence, cut as any other. */
const MAX_WHOLE_TITLE_CHARS = 100;
const negationsIn = (title: string): number => memorySlug(title).split('-').filter(isNegation).length;
const lineFor = (filename: string, file: TopicFile, title: string = file.name): string => {
  const shown = clipTitle(title);
  return withHook(shortenIndexLine(indexLine(shown, filename, indexHook(shown, filename, file))), shown, file);
};

/** A line left with no hook gets one of last resort (indexHook.ts); a line with one is as it is. */
const withHook = (line: string, title: string, file: TopicFile): string =>
  /^- \[[^\]]*\]\([^)]*\)$/.test(line) ? `${line} — ${lastResortHook(title, file)}` : line;

export interface IndexRebuildInput {
  /** MEMORY.md as it is ('' when there is none). */
  readonly index: string;
  /** The memories after consolidation, by file name. */
  readonly memories: ReadonlyMap<string, TopicFile>;
  /** Memories whose own words are new (added or updated): their line is written again from the description. */
  readonly described: ReadonlySet<string>;
  /** Files that are not memories memlog can read: their lines stay as they are. */
  readonly kept: readonly string[];
  /** Memories merged away, and the one each went into. */
  readonly mergedInto: ReadonlyMap<string, string>;
  /** Memories that moved to a file named as they now are (decision 77): their lines follow them. */
  readonly renamed?: ReadonlyMap<string, string>;
  /** The title a rewritten memory's line keeps, from the one it had (its dates made absolute); default: as it was. */
  readonly retitle?: (filename: string, title: string) => string;
  /** The title a memory without a line gets, when it is not its name (a new memory's name is its file's slug). */
  readonly titles?: ReadonlyMap<string, string>;
}

export interface IndexRebuild {
  readonly content: string;
  /** Lines removed or left out, with why (their files, if any, stay). */
  readonly unindexed: readonly { readonly line: string; readonly reason: string }[];
}

/**
 * MEMORY.md after a consolidation: one line per memory, in the order the index had them (new
 * memories after, by type then name), each within the line target, the whole within Claude
 * Code's limits. A line for a memory that does not change keeps its wording (cut only when too
 * long); one that changes keeps its title and gets the new description. Over the limits, lines
 * that point to no memory leave before any pointer (fitPointers.ts). Every line dropped is said,
 * with why.
 */
export function rebuildIndex(input: IndexRebuildInput): IndexRebuild {
  const { memories, described } = input;
  const lines: IndexEntry[] = [];
  const unindexed: { line: string; reason: string }[] = [];
  const indexed = new Set<string>();
  for (const { line, filename: pointed } of parseIndex(input.index)) {
    const filename = pointed === null ? null : (input.renamed?.get(pointed) ?? pointed);
    if (filename === null) {
      lines.push({ line, pointer: false });
      continue;
    }
    if (input.kept.includes(filename) && !indexed.has(filename)) {
      indexed.add(filename);
      lines.push({ line, pointer: true });
      continue;
    }
    const file = memories.get(filename);
    if (file === undefined || indexed.has(filename)) {
      const into = input.mergedInto.get(filename);
      const reason = indexed.has(filename)
        ? `a second line for ${filename}`
        : into !== undefined
          ? `${filename} was merged into ${into}`
          : `${filename} does not exist`;
      unindexed.push({ line, reason });
      continue;
    }
    indexed.add(filename);
    const title = /^- \[([^\]]*)\]/.exec(line)?.[1];
    const kept = title === undefined || input.retitle === undefined ? title : input.retitle(filename, title);
    // A line kept as it was, whose hook its shortening dropped, gets the hook of last resort a rewritten line gets.
    const shortened = shortenIndexLine(line);
    const keptLine = shortened === line ? line : withHook(shortened, title ?? '', file);
    lines.push({ line: described.has(filename) ? lineFor(filename, file, kept) : keptLine, pointer: true });
  }
  const order = (file: TopicFile) => MEMORY_TYPES.indexOf(file.type);
  const unlisted = [...memories].filter(([f]) => !indexed.has(f)).sort(([a, fa], [b, fb]) => order(fa) - order(fb) || a.localeCompare(b));
  for (const [filename, file] of unlisted) lines.push({ line: lineFor(filename, file, input.titles?.get(filename)), pointer: true });
  const fit = fitPointers(lines);
  unindexed.push(...fit.dropped);
  return { content: fit.content, unindexed };
}
