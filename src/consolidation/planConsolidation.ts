import { missing, valueOf } from '../errors.js';
import { toKebabSlug } from '../memory/durable/frontmatterStamp.js';
import { memorySlug } from '../memory/durable/memorySlug.js';
import { reservedIndexNameReason } from '../memory/durable/memoryIndex.js';
import type { TopicFile } from '../memory/durable/topicFile.js';
import { absoluteDates, type AbsoluteDates, type DateRewrite } from './absoluteDates.js';
import type { ClaudeMdInstruction } from './claudeMdInstruction.js';
import { hasNote, outsideNotes, withNote, withoutNotes } from './claudeMdNote.js';
import type { ConsolidationChange, ConsolidationPlan } from './consolidationPlan.js';
import { contradictionsOf, readInstructions, type FoundContradiction, type ReadInstruction } from './contradictions.js';
import { originOf, type MemoryCandidate, type SourceRef, type StoredMemory } from './memoryCandidate.js';
import { rebuildIndex } from './rebuildIndex.js';
import { mergeStatements, type MergedStatements } from './mergeStatements.js';
import { DEFAULT_SUBJECT_MATCH, SubjectIndex, subjectOverlap, type SubjectMatch } from './sameSubject.js';
import { subjectTerms } from './subjectTerms.js';

export interface ConsolidationInput {
  readonly memories: readonly StoredMemory[];
  /** MEMORY.md as it is ('' when there is none). */
  readonly index: string;
  /** New statements, from backfill's first phase or from sessions since the last consolidation. */
  readonly candidates: readonly MemoryCandidate[];
  readonly match?: SubjectMatch;
  /** Files in the directory that are not memories it can read: never touched, their index lines kept as they are. */
  readonly kept?: readonly string[];
  /** The project's CLAUDE.md instructions: a memory that contradicts one is noted, never the instruction changed. */
  readonly instructions?: readonly ClaudeMdInstruction[];
}

/** A memory or a statement, its dates made absolute, in the order consolidation reads them. */
interface Item {
  readonly order: number;
  readonly memory: TopicFile;
  /** When it was said: a memory's `modified` time, else its file's mtime (decision 70); null when neither is known, the oldest. */
  readonly saidAt: string | null;
  readonly filename?: string;
  readonly sources: readonly SourceRef[];
  readonly rewrites: readonly DateRewrite[];
  /** A statement's name as said (its dates made absolute): a new memory's index title, its name being its file's slug. */
  readonly title?: string;
}

interface Cluster {
  readonly id: number;
  items: Item[];
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

/**
 * What a memory is about: its name, its description and the first paragraph of its body. The
 * rest of a body is the "Why" and "How to apply" a feedback or project memory carries, worded
 * alike in every memory of its type, which would make any two of them look the same.
 */
const subjectText = (memory: TopicFile): string => {
  const lead = withoutNotes(memory.body).split(/\n\s*\n|\*\*Why:?\*\*/)[0] ?? '';
  // One line each: the name and the description are read as clauses of their own (subjectQualifiers.ts).
  // A slug name is left out (decision 68): its words are the first subject words of what the
  // description says, and read as a clause they would make qualifiers ("npm repo": which repo).
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(memory.name)
    ? `${memory.description}\n${lead}`
    : `${memory.name}\n${memory.description}\n${lead}`;
};
const byTime = (a: Item, b: Item): number => (a.saidAt ?? '').localeCompare(b.saidAt ?? '') || a.order - b.order;
type StoredItem = Item & { readonly filename: string };
const isStored = (item: Item): item is StoredItem => item.filename !== undefined;

/** The newest of a cluster's items (a cluster always has one: it is made with its first). */
function newestOf(items: readonly Item[]): Item {
  const [first, ...rest] = items;
  if (first === undefined) return missing('a cluster item', 0);
  // Items are totally ordered by byTime (their orders differ): the newest is the one after all others.
  return rest.reduce((newest, item) => (byTime(item, newest) > 0 ? item : newest), first);
}
interface Merged extends MergedStatements {
  readonly rewrites: readonly DateRewrite[];
}

/**
 * The cluster as one memory: the newest statement with what only earlier ones said (decision 70).
 * A sentence kept from a statement of unknown date has its relative dates read from the newest's.
 */
function merged(cluster: Cluster): Merged {
  const sorted = [...cluster.items].sort(byTime);
  const merge = mergeStatements(sorted);
  if (merge.kept === 0) return { ...merge, rewrites: [] };
  const dated = withAbsoluteDates(merge.memory, newestOf(sorted).saidAt);
  return { ...merge, memory: dated.memory, rewrites: dated.rewrites };
}

/** A name with its dates made absolute; a slug name ("release-freeze-next-monday") is read as words and stays a slug. */
function datedName(name: string, at: Date): AbsoluteDates {
  if (!SLUG.test(name)) return absoluteDates(name, at);
  const dated = absoluteDates(name.replaceAll('-', ' '), at);
  if (dated.rewrites.length === 0) return { text: name, rewrites: [] };
  return {
    text: dated.text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    rewrites: dated.rewrites,
  };
}

/**
 * A statement's name as a memory's file is named (memorySlug.ts), read as a stored slug name is
 * read again (`datedName`) until that changes nothing: what the next consolidation reads is
 * what this one wrote.
 */
function slugName(name: string, saidAt: string): string {
  const at = new Date(saidAt);
  let slug = memorySlug(name);
  if (Number.isNaN(at.getTime())) return slug;
  for (let round = 0; round < 3; round++) {
    const next = memorySlug(datedName(slug, at).text);
    if (next === slug) break;
    slug = next;
  }
  return slug;
}

/** An index line's title with its dates made absolute from when the memory was said. */
const datedTitle =
  (saidAt: ReadonlyMap<string, string>) =>
  (filename: string, title: string): string => {
    const at = saidAt.get(filename);
    return at === undefined || Number.isNaN(new Date(at).getTime()) ? title : absoluteDates(title, new Date(at)).text;
  };

function withAbsoluteDates(memory: TopicFile, saidAt: string | null): { readonly memory: TopicFile; readonly rewrites: DateRewrite[] } {
  if (saidAt === null) return { memory, rewrites: [] };
  const at = new Date(saidAt);
  if (Number.isNaN(at.getTime())) return { memory, rewrites: [] };
  // The name too: it becomes the index line's link text and a new file's name.
  const name = datedName(memory.name, at);
  const description = absoluteDates(memory.description, at);
  const rewrites = [...name.rewrites, ...description.rewrites];
  const body = outsideNotes(memory.body, (text) => {
    const dated = absoluteDates(text, at);
    rewrites.push(...dated.rewrites);
    return dated.text;
  });
  return rewrites.length === 0
    ? { memory, rewrites }
    : { memory: { ...memory, name: name.text, description: description.text, body }, rewrites };
}

const originFields = (source: SourceRef | undefined): { originSessionId?: string } =>
  source === undefined ? {} : { originSessionId: originOf(source) };

function items(input: ConsolidationInput): Item[] {
  const stored = [...input.memories]
    .sort((a, b) => a.filename.localeCompare(b.filename))
    .map((m, order): Item => {
      const saidAt = m.file.modified ?? m.mtime ?? null;
      return { order, filename: m.filename, saidAt, sources: [], ...withAbsoluteDates(m.file, saidAt) };
    });
  const sourceKey = (c: MemoryCandidate) => `${c.saidAt} ${c.sources[0]?.session ?? ''} ${c.sources[0]?.uuid ?? ''} ${c.name}`;
  const said = [...input.candidates]
    .sort((a, b) => sourceKey(a).localeCompare(sourceKey(b)))
    .map((c, i): Item => {
      const memory: TopicFile = {
        name: c.name,
        description: c.description,
        type: c.type,
        body: c.body,
        modified: c.saidAt,
        ...originFields(c.sources.at(-1)),
      };
      // Named by its slug from the start (decision 68): what it is grouped by is the name it will have.
      const dated = withAbsoluteDates(memory, c.saidAt);
      const named = { ...dated.memory, name: slugName(dated.memory.name, c.saidAt) };
      return {
        order: stored.length + i,
        saidAt: c.saidAt,
        sources: c.sources,
        rewrites: dated.rewrites,
        memory: named,
        title: dated.memory.name,
      };
    });
  return [...stored, ...said];
}

/**
 * Groups everything by subject: each item joins the cluster of the item most about the same
 * thing (any statement of it, so that a third wording can meet the first), then clusters whose
 * merged memories have come to share a subject are merged, until none do. At the end no two
 * clusters' results are the same subject, which is what makes a second consolidation find
 * nothing to do: it sees only those results.
 */
function cluster(all: readonly Item[], match: SubjectMatch): Cluster[] {
  const clusters = new Map<number, Cluster>();
  const clusterOf = new Map<number, number>();
  const members = new SubjectIndex(match);
  const results = new SubjectIndex(match);
  const showResult = (group: Cluster) => {
    const { memory } = merged(group);
    results.set(group.id, subjectText(memory), memory.type);
  };
  for (const item of all) {
    const near = members.best(subjectText(item.memory), item.memory.type);
    const target = near === undefined ? undefined : clusters.get(valueOf(clusterOf, near, 'clusterOf'));
    const group: Cluster = target ?? { id: item.order, items: [] };
    group.items.push(item);
    clusters.set(group.id, group);
    clusterOf.set(item.order, group.id);
    members.set(item.order, subjectText(item.memory), item.memory.type);
    showResult(group);
  }
  for (let joined = true; joined;) {
    joined = false;
    for (const current of [...clusters.values()].sort((a, b) => a.id - b.id)) {
      if (!clusters.has(current.id)) continue;
      const { memory } = merged(current);
      const other = results.best(subjectText(memory), memory.type, current.id);
      if (other === undefined) continue;
      const found = valueOf(clusters, other, 'clusters');
      const [keep, gone] = current.id < other ? [current, found] : [found, current];
      keep.items.push(...gone.items);
      clusters.delete(gone.id);
      results.remove(gone.id);
      showResult(keep);
      joined = true;
    }
  }
  return [...clusters.values()].sort((a, b) => a.id - b.id);
}

/**
 * Where a stored memory rewritten by a later statement goes: a file named as the memory now is,
 * so its `name:` and its file agree (decision 77); where it is when its name already is its file's.
 */
function movedTo(name: string, filename: string, taken: Set<string>): string {
  if (`${name}.md` === filename || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) return filename;
  return freeName(name, taken);
}

function freeName(wanted: string, taken: Set<string>): string {
  const free = (name: string) => !taken.has(name) && reservedIndexNameReason(name) === null;
  let name = `${wanted}.md`;
  for (let n = 2; !free(name); n++) name = `${wanted}-${n}.md`;
  taken.add(name);
  return name;
}

/** A body as it reads: a file read back ends with the newline it was written with, a statement does not. */
const sameBody = (a: string, b: string): boolean => a.trimEnd() === b.trimEnd();

/** Names as memlog writes them: a slug (frontmatterStamp.ts), so "Small commits" is the same name as "small-commits". */
const sameName = (a: string, b: string): boolean => a === b || toKebabSlug(a) === toKebabSlug(b);

const sameFile = (a: TopicFile, b: TopicFile): boolean =>
  sameName(a.name, b.name) &&
  a.description === b.description &&
  a.type === b.type &&
  sameBody(a.body, b.body) &&
  a.modified === b.modified &&
  a.originSessionId === b.originSessionId;

const day = (iso: string | null): string => (iso === null ? 'an earlier session' : iso.slice(0, 10));
const dated = (rewrites: readonly DateRewrite[]): string => rewrites.map((r) => `"${r.phrase}" → "${r.absolute}"`).join(', ');
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The memory with a note for each CLAUDE.md instruction it contradicts (a note it had before is
 * kept, one is never added twice), and the contradictions that are new since `original`: the
 * ones the plan lists.
 */
function noted(
  file: TopicFile,
  original: TopicFile | undefined,
  instructions: readonly ReadInstruction[],
): { readonly file: TopicFile; readonly fresh: FoundContradiction[] } {
  let body = file.body;
  const fresh: FoundContradiction[] = [];
  for (const found of contradictionsOf(file, instructions)) {
    if (!hasNote(body, found.instruction)) body = withNote(body, found.instruction);
    if (original === undefined || !hasNote(original.body, found.instruction)) fresh.push(found);
  }
  return { file: body === file.body ? file : { ...file, body }, fresh };
}

const quoted = (text: string): string => `"${[...text].length > 80 ? `${[...text].slice(0, 79).join('')}…` : text}"`;

/** What merging kept of earlier statements, and what it found stale (decision 70). */
function mergeReasons(merge: MergedStatements, result: Item): string[] {
  const parts: string[] = [];
  if (merge.kept > 0) parts.push(`keeps ${plural(merge.kept, 'fact')} only earlier statements gave`);
  for (const { fact, because } of merge.stale)
    parts.push(`stale: ${quoted(fact)} no longer holds, a later statement (${day(result.saidAt)}) says ${quoted(because)}`);
  return parts;
}

/** Why a cluster's memory reads as it does: said again, changed by a later statement, merged, or dates made absolute. */
function reasonFor(result: Item, earlier: readonly Item[], merge?: Merged): string {
  const parts: string[] = [];
  const said = earlier.filter((item) => item.sources.length > 0 || item.filename !== undefined);
  if (said.length > 0) {
    const previous = newestOf(said);
    const { overlap } = subjectOverlap(subjectTerms(previous.memory.body), subjectTerms(result.memory.body));
    const [session] = new Set(result.sources.map((s) => s.session));
    // Nothing earlier given another value or gone stale, only facts added: the later statement replaced nothing.
    const adds = merge !== undefined && merge.kept > 0 && merge.replaced === 0 && merge.stale.length === 0;
    parts.push(
      overlap === 1 && sameBody(previous.memory.body, result.memory.body)
        ? `said again (${plural(earlier.length + 1, 'statement')} of it)`
        : `a later statement (${day(result.saidAt)}${session === undefined ? '' : `, session ${session.slice(0, 8)}`}) ${adds ? 'adds to' : 'replaces'} what was said on ${day(previous.saidAt)}`,
    );
  }
  if (merge !== undefined) parts.push(...mergeReasons(merge, result));
  const rewrites = [...[result, ...earlier].flatMap((item) => item.rewrites), ...(merge?.rewrites ?? [])];
  if (rewrites.length > 0) parts.push(`relative dates made absolute: ${dated(rewrites)}`);
  return parts.join('; ');
}

/**
 * What consolidating these candidates into this memory directory changes. Pure and
 * deterministic: same directory, same candidates, same plan. Each subject ends as one memory:
 * the same thing said again is merged, a later statement replaces an earlier one (the newest
 * wins), relative dates become absolute from when they were said, and the index has one line
 * per memory, each within the line target, the whole within Claude Code's limits. Nothing
 * leaves without a change that says why.
 */
export function planConsolidation(input: ConsolidationInput): ConsolidationPlan {
  const builder = new PlanBuilder(input);
  for (const group of cluster(items(input), input.match ?? DEFAULT_SUBJECT_MATCH)) builder.settle(group);
  return builder.plan();
}

/** A cluster's settling: its newest statement, the file it goes to, what that file says now and what it is to say. */
interface Settled {
  readonly filename: string;
  /** Where the memory ends: its file, or the file named as a later statement names it (decision 77). */
  readonly home: string;
  readonly rep: Item;
  readonly earlier: readonly Item[];
  readonly merge: Merged;
  readonly sources: readonly SourceRef[];
  readonly original: TopicFile | undefined;
  /** The memory as the statements say it, before notes and a `modified` stamp. */
  readonly said: TopicFile;
  readonly file: TopicFile;
}

/** The plan's changes, writes and index inputs, gathered one cluster at a time. */
class PlanBuilder {
  private readonly changes: ConsolidationChange[] = [];
  private readonly writes = new Map<string, TopicFile | null>();
  private readonly result = new Map<string, TopicFile>();
  private readonly taken: Set<string>;
  /** Memories whose own words are new (added or updated): their index line is written again from the description. */
  private readonly described = new Set<string>();
  /** When each rewritten memory was said: its index title's dates are made absolute from then. */
  private readonly saidAt = new Map<string, string>();
  /** The title each new memory's index line shows: the name it was said with, not its file's slug. */
  private readonly titles = new Map<string, string>();
  /** Memories moved to a file named as a later statement names them: their index lines follow them. */
  private readonly renamed = new Map<string, string>();
  private readonly instructions: readonly ReadInstruction[];

  constructor(private readonly input: ConsolidationInput) {
    this.taken = new Set([...input.memories.map((m) => m.filename), ...(input.kept ?? [])]);
    this.instructions = readInstructions(input.instructions ?? []);
  }

  settle(group: Cluster): void {
    const rep = newestOf(group.items);
    const merge = merged(group);
    const stored = group.items.filter(isStored).sort((a, b) => a.filename.localeCompare(b.filename));
    const target = stored[0];
    // A new memory's file name is the slug of its name, negations kept (memorySlug.ts), and its
    // name is its file name (decision 68). A memory rewritten by a later statement takes that
    // statement's name (a slug too), as it takes its words: the name is part of what a second
    // consolidation groups it by, so it must be the one this one grouped it by. Its file follows
    // its name (decision 77), so name and file agree and a second run finds nothing to move.
    const filename = target?.filename ?? freeName(rep.memory.name, this.taken);
    const original = this.input.memories.find((m) => m.filename === filename)?.file;
    if (target === undefined && rep.title !== undefined) this.titles.set(filename, rep.title);
    const base =
      target === undefined
        ? { ...merge.memory, name: filename.replace(/\.md$/, '') }
        : { ...merge.memory, ...(target.memory.extra === undefined ? {} : { extra: target.memory.extra }) };
    const kept: TopicFile = { ...base, ...(rep.memory.modified === undefined ? {} : { modified: rep.memory.modified }) };
    const home = this.homeOf(rep, filename, original, kept);
    const said: TopicFile = home === filename ? kept : { ...kept, name: home.replace(/\.md$/, '') };
    const { file: found, fresh } = noted(said, original, this.instructions);
    // A file written without `modified` is dated by its mtime (decision 70): written again, it says when.
    const written = original === undefined || !sameFile(original, found);
    const file = written && found.modified === undefined && rep.saidAt !== null ? { ...found, modified: rep.saidAt } : found;
    this.result.set(home, file);
    if (rep.saidAt !== null) this.saidAt.set(home, rep.saidAt);
    const earlier = group.items.filter((item) => item !== rep);
    this.record({ filename, home, rep, earlier, merge, sources: group.items.flatMap((item) => item.sources), original, said, file });
    for (const gone of stored.slice(1)) this.mergeAway(gone, home, file, rep);
    for (const { instruction, reason } of fresh) this.changes.push({ kind: 'contradicts', filename: home, instruction, reason });
  }

  /** A stored memory rewritten by a later statement moves to a file named as it now is (decision 77). */
  private homeOf(rep: Item, filename: string, original: TopicFile | undefined, kept: TopicFile): string {
    const rewritten = original !== undefined && rep.filename === undefined && !sameFile(original, kept);
    return rewritten ? movedTo(toKebabSlug(kept.name), filename, this.taken) : filename;
  }

  plan(): ConsolidationPlan {
    const { changes, input } = this;
    const mergedInto = new Map(changes.flatMap((c) => (c.kind === 'merged' ? [[c.filename, c.into] as const] : [])));
    const index = rebuildIndex({
      index: input.index,
      memories: this.result,
      described: this.described,
      kept: input.kept ?? [],
      mergedInto,
      renamed: this.renamed,
      retitle: datedTitle(this.saidAt),
      titles: this.titles,
    });
    changes.push(...index.unindexed.map(({ line, reason }) => ({ kind: 'unindexed' as const, line, reason })));
    return { changes, writes: this.writes, index: index.content, indexBefore: input.index, indexChanged: index.content !== input.index };
  }

  /** The cluster's own change: a new memory, one rewritten, or one confirmed (a note may still be new). */
  private record({ filename, home, rep, earlier, merge, sources, original, said, file }: Settled): void {
    if (original === undefined) {
      const count = new Set(sources.map((s) => s.session)).size;
      const also = reasonFor(rep, earlier, merge);
      const reason = `new: said in ${plural(count, 'session')}${also === '' ? '' : `; ${also}`}`;
      this.changes.push({ kind: 'added', filename, file, reason, sources });
      this.write(filename, file, true);
    } else if (!sameFile(original, said)) {
      this.changes.push({
        kind: 'updated',
        filename: home,
        before: original,
        file,
        reason: reasonFor(rep, earlier, merge) || 'rewritten',
        sources,
      });
      this.write(home, file, true);
      if (home !== filename) this.moveAway(filename, home, original);
    } else {
      if (sources.length > 0)
        this.changes.push({
          kind: 'confirmed',
          filename,
          reason: `${plural(sources.length, 'statement')} of what it already says`,
          sources,
        });
      // What it says stands; only a note is new.
      if (!sameFile(original, file)) this.write(filename, file, false);
    }
  }

  /** The file a renamed memory leaves: recorded as merged into its new home, its index line following it. */
  private moveAway(filename: string, home: string, before: TopicFile): void {
    this.changes.push({ kind: 'merged', filename, into: home, before, reason: `renamed to ${home}, as the later statement names it` });
    this.writes.set(filename, null);
    this.renamed.set(filename, home);
  }

  private write(filename: string, file: TopicFile, described: boolean): void {
    this.writes.set(filename, file);
    if (described) this.described.add(filename);
  }

  /** A stored memory of the cluster besides the one kept: merged into it, its file removed. */
  private mergeAway(gone: StoredItem, filename: string, file: TopicFile, rep: Item): void {
    const { shared } = subjectOverlap(subjectTerms(subjectText(gone.memory)), subjectTerms(subjectText(file)));
    const older = rep.saidAt !== null && gone.saidAt !== null && gone.saidAt < rep.saidAt;
    const why = older ? `an older statement of what ${filename} says` : `a near-duplicate of ${filename}`;
    this.changes.push({
      kind: 'merged',
      filename: gone.filename,
      into: filename,
      before: gone.memory,
      reason: `${why} (${plural(shared, 'subject word')} shared)`,
    });
    this.writes.set(gone.filename, null);
  }
}

/** The directory after the plan: what a second consolidation would start from. */
export function applyConsolidation(memories: readonly StoredMemory[], plan: ConsolidationPlan): StoredMemory[] {
  const files = new Map(memories.map((m) => [m.filename, m.file]));
  for (const [filename, file] of plan.writes) {
    if (file === null) files.delete(filename);
    else files.set(filename, file);
  }
  return [...files].map(([filename, file]) => ({ filename, file })).sort((a, b) => a.filename.localeCompare(b.filename));
}
