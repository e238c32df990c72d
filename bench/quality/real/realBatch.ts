import { sourceOf, type GoldSession } from './realGold.js';
import type { RealScore } from './realScore.js';

/**
 * Batches of real sessions added together, by the source folders they came in: a batch nobody
 * tuned on is scored alone by bench/quality/real/batch.ts (decision 67). Batch 3 is the second
 * fresh batch (SOURCES.md): four repositories not used before; batch 4 the third, from three more;
 * batch 5 the fourth, from three more again; batch 6 the fifth.
 */
export const BATCHES: Readonly<Record<string, readonly string[]>> = {
  batch3: ['git-sync', 'entire-skills', 'entire-graph', 'awesome-chatgpt-prompts'],
  batch4: ['auth-go', 'dsa110-flits', 'imessage-mail'],
  batch5: ['chkit', 'duet', 'react-native-live-text-view'],
  batch6: ['bids-utils', 'entirecontext'],
};

/** A session path as given (`…/sessions/<source>/<file>.jsonl` or `<source>/<file>.jsonl`) as gold names it. */
const sessionName = (path: string): string => path.replace(/\\/g, '/').split('/sessions/').pop() ?? path;

function namedSessions(name: string, golds: readonly GoldSession[], batches: Readonly<Record<string, readonly string[]>>): GoldSession[] {
  const sources = batches[name];
  const picked =
    sources === undefined
      ? golds.filter((gold) => gold.session === sessionName(name))
      : golds.filter((gold) => sources.includes(sourceOf(gold)));
  if (picked.length === 0) throw new Error(`no batch or labelled session named ${name} (batches: ${Object.keys(batches).join(', ')})`);
  return picked;
}

/** The gold lists a batch name or session paths select, each once, in the order named. */
export function selectSessions(
  names: readonly string[],
  golds: readonly GoldSession[],
  batches: Readonly<Record<string, readonly string[]>> = BATCHES,
): GoldSession[] {
  if (names.length === 0) throw new Error(`name a batch (${Object.keys(batches).join(', ')}) or session paths`);
  const picked = new Map<string, GoldSession>();
  for (const name of names) for (const gold of namedSessions(name, golds, batches)) picked.set(gold.session, gold);
  return [...picked.values()];
}

function devOnly(golds: readonly GoldSession[]): void {
  if (golds.some((gold) => gold.half !== 'dev')) throw new Error('the aside half is scored by totals only');
}

/** Each certain item a development run missed, with its gold text; an aside session is scored by totals only. */
export function formatMissedCertain(golds: readonly GoldSession[], score: RealScore): string[] {
  devOnly(golds);
  const texts = new Map<string, string>(golds.flatMap((gold) => gold.items.map((item) => [`${gold.session}#${item.id}`, item.text])));
  return score.missedCertain.map((key) => `  missed certain ${key}: ${texts.get(key) ?? ''}`);
}

/** Each false save of a development run: its cause, file and description (a memory's second line). */
export function formatFalseSaves(golds: readonly GoldSession[], score: RealScore): string[] {
  devOnly(golds);
  return score.judgements
    .filter((judgement) => judgement.verdict !== 'true')
    .map(({ verdict, memory }) => `  false ${verdict}: ${memory.project}/${memory.filename}: ${memory.text.split('\n')[1] ?? ''}`);
}
