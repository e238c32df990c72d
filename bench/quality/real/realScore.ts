import { hasAllWords } from '../matchWords.js';
import type { SavedMemory } from '../score.js';
import { sourceOf, TRAP_CAUSES, type GoldItem, type GoldSession, type TrapCause } from './realGold.js';
import { oneItemEach } from './oneItemEach.js';

/** Why a saved memory is not a true save. */
export type FalseCause = 'duplicate' | 'superseded' | TrapCause;

export const FALSE_CAUSES: readonly FalseCause[] = ['duplicate', 'superseded', ...TRAP_CAUSES];

/** One saved memory's verdict: the item it found, or the cause of its false save. */
export type Judgement =
  | { readonly memory: SavedMemory; readonly verdict: 'true'; readonly items: readonly string[] }
  | { readonly memory: SavedMemory; readonly verdict: FalseCause; readonly items: readonly string[] };

export interface RealTally {
  readonly found: number;
  readonly total: number;
}

export interface RealScore {
  readonly sessions: number;
  readonly saved: number;
  readonly trueSaves: number;
  /** trueSaves / saved; null when nothing was saved. */
  readonly precision: number | null;
  readonly certain: RealTally;
  /** Certain and defensible items together. */
  readonly all: RealTally;
  readonly falseSaves: Readonly<Record<FalseCause, number>>;
  readonly judgements: readonly Judgement[];
  /** Certain items no memory found, as `<session>#<id>`. */
  readonly missedCertain: readonly string[];
  /** The strict reading (decision 153): one item per memory, one memory per item. */
  readonly oneItemEach: { readonly trueSaves: number; readonly certain: RealTally };
  /** Memories holding the words of more than one item: what the first-come reading credits several times. */
  readonly holdingSeveral: number;
  /** Certain items found per memory type of the item (the type its first session's reader gave it). */
  readonly certainByType: Readonly<Record<GoldItem['type'], RealTally>>;
}

interface ProjectGold {
  readonly items: readonly Keyed[];
  readonly superseded: ReadonlyArray<{ readonly words: readonly string[] }>;
  readonly traps: GoldSession['traps'];
}

type Keyed = GoldItem & { readonly key: string };

/** Each item keyed `<session>#<id>`, or by the item it is the same fact as when that one is scored too. */
function keyed(golds: readonly GoldSession[]): Keyed[] {
  const own = golds.flatMap((gold) => gold.items.map((item) => ({ ...item, key: `${gold.session}#${item.id}` })));
  const keys = new Set(own.map((item) => item.key));
  return own.map((item) => (item.sameAs !== undefined && keys.has(item.sameAs) ? { ...item, key: item.sameAs } : item));
}

/** The gold of each project folder: its sessions' lists pooled, since memories are kept per project. */
function byProject(golds: readonly GoldSession[]): Map<string, ProjectGold> {
  const projects = new Map<string, { items: Keyed[]; superseded: Array<{ words: string[] }>; traps: GoldSession['traps'] }>();
  for (const gold of golds) {
    if (!projects.has(sourceOf(gold))) projects.set(sourceOf(gold), { items: [], superseded: [], traps: [] });
    const project = projects.get(sourceOf(gold))!;
    project.superseded.push(...gold.superseded);
    project.traps.push(...gold.traps);
  }
  for (const item of keyed(golds)) projects.get(item.key.split('/')[0]!)!.items.push(item);
  return projects;
}

/** The keys of the items of a memory's project whose words it holds, each once. */
function itemsHeld(memory: SavedMemory, gold: ProjectGold | undefined): string[] {
  return [...new Set((gold?.items ?? []).filter((item) => hasAllWords(memory.text, item.words)).map((item) => item.key))];
}

/**
 * One memory against its project's gold: a match to an item not yet found is a true save (every
 * item it holds counts as found); a match only to found items a duplicate; then a superseded
 * fact, then the first trap it holds names the cause; anything else is `other`.
 */
function judge(memory: SavedMemory, items: readonly string[], gold: ProjectGold | undefined, found: Set<string>): Judgement {
  if (items.some((key) => !found.has(key))) {
    for (const key of items) found.add(key);
    return { memory, verdict: 'true', items };
  }
  if (items.length > 0) return { memory, verdict: 'duplicate', items };
  if (gold?.superseded.some((entry) => hasAllWords(memory.text, entry.words))) return { memory, verdict: 'superseded', items };
  const trap = gold?.traps.find((entry) => hasAllWords(memory.text, entry.words));
  return { memory, verdict: trap?.cause ?? 'other', items };
}

/** Items counted once per key: the same fact said in two sessions is one item. */
function tally(items: ReadonlyArray<{ key: string }>, found: ReadonlySet<string>): RealTally {
  const keys = new Set(items.map((item) => item.key));
  return { found: [...keys].filter((key) => found.has(key)).length, total: keys.size };
}

const ITEM_TYPES: ReadonlyArray<GoldItem['type']> = ['user', 'feedback', 'project', 'reference'];

/** Items tallied per type; an item said in two sessions (one key) counts under the type it was first given. */
function byType(items: readonly Keyed[], found: ReadonlySet<string>): Record<GoldItem['type'], RealTally> {
  const typeOf = new Map<string, GoldItem['type']>();
  for (const item of items) if (!typeOf.has(item.key)) typeOf.set(item.key, item.type);
  const keyed = [...typeOf].map(([key, type]) => ({ key, type }));
  return Object.fromEntries(
    ITEM_TYPES.map((type) => [
      type,
      tally(
        keyed.filter((item) => item.type === type),
        found,
      ),
    ]),
  ) as Record<GoldItem['type'], RealTally>;
}

/** Scores the memories saved from a set of real sessions against their gold lists. Pure. */
export function scoreReal(golds: readonly GoldSession[], memories: readonly SavedMemory[]): RealScore {
  const projects = byProject(golds);
  const found = new Set<string>();
  const held = memories.map((memory) => itemsHeld(memory, projects.get(memory.project)));
  const judgements = memories.map((memory, index) => judge(memory, held[index]!, projects.get(memory.project), found));
  const items = [...projects.values()].flatMap((project) => project.items);
  const certainItems = items.filter((item) => item.certainty === 'certain');
  const certain = tally(certainItems, found);
  const strict = oneItemEach(held, new Set(certainItems.map((item) => item.key)));
  const falseSaves = Object.fromEntries(FALSE_CAUSES.map((cause) => [cause, 0])) as Record<FalseCause, number>;
  for (const judgement of judgements) if (judgement.verdict !== 'true') falseSaves[judgement.verdict]++;
  const trueSaves = judgements.filter((judgement) => judgement.verdict === 'true').length;
  return {
    sessions: golds.length,
    saved: memories.length,
    trueSaves,
    precision: memories.length === 0 ? null : trueSaves / memories.length,
    certain,
    all: tally(items, found),
    falseSaves,
    judgements,
    missedCertain: [...new Set(certainItems.map((item) => item.key))].filter((key) => !found.has(key)),
    oneItemEach: { trueSaves: strict.trueSaves, certain: { found: strict.certainFound, total: certain.total } },
    holdingSeveral: held.filter((keys) => keys.length > 1).length,
    certainByType: byType(certainItems, found),
  };
}
