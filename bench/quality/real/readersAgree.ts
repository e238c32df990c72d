import type { SavedMemory } from '../score.js';
import { sourceOf, type GoldSession } from './realGold.js';
import { scoreReal, type RealScore } from './realScore.js';

/**
 * How far two readers of the same sessions agree (decision 154): one reader's items, each taken as
 * a memory holding the person's words it quotes, judged by the other reader's gold exactly as the
 * extractor's memories are. A reader judged by the other is the ceiling an extractor can be
 * expected to reach against a gold list written by one reader.
 */
export interface ReadersAgree {
  /** The second reading's items judged by the benchmark's gold. */
  readonly secondByFirst: RealScore;
  /** The second reading's certain items alone, judged by the benchmark's gold. */
  readonly secondCertainByFirst: RealScore;
  /** The benchmark's items judged by the second reading. */
  readonly firstBySecond: RealScore;
}

/** A reader's items as memories: each the person's words it quotes, kept in its session's project. */
export function itemsAsMemories(golds: readonly GoldSession[], certainOnly = false): SavedMemory[] {
  return golds.flatMap((gold) =>
    gold.items
      .filter((item) => !certainOnly || item.certainty === 'certain')
      .map((item) => ({ project: sourceOf(gold), filename: `${item.id}.md`, text: item.text })),
  );
}

/** Both readings judged by each other, over the sessions the second reading covers. */
export function readersAgree(first: readonly GoldSession[], second: readonly GoldSession[]): ReadersAgree {
  const sessions = new Set(second.map((gold) => gold.session));
  const firstHere = first.filter((gold) => sessions.has(gold.session));
  if (firstHere.length !== second.length) throw new Error('every session of the second reading needs a gold list of the first');
  return {
    secondByFirst: scoreReal(firstHere, itemsAsMemories(second)),
    secondCertainByFirst: scoreReal(firstHere, itemsAsMemories(second, true)),
    firstBySecond: scoreReal(second, itemsAsMemories(firstHere)),
  };
}

/**
 * Memories judged by two readings: true when either reading judges it a true save (an item no earlier memory found);
 * a memory neither does is noise or a repeat.
 */
export function trueByEither(
  first: readonly GoldSession[],
  second: readonly GoldSession[],
  memories: readonly SavedMemory[],
): { readonly saved: number; readonly trueSaves: number } {
  const byFirst = scoreReal(first, memories).judgements;
  const bySecond = scoreReal(second, memories).judgements;
  const trueSaves = byFirst.filter((judgement, index) => judgement.verdict === 'true' || bySecond[index]?.verdict === 'true').length;
  return { saved: memories.length, trueSaves };
}
