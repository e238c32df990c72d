/**
 * Whether a text that survived a compaction (the summary, the kept messages) carries an item the
 * person established before it, by terms and entities alone (decision 78): word for word is
 * kept; nine in ten of its words near each other with all its names and values is kept; half of its words
 * near each other with half its names is paraphrased; anything less is lost.
 */

export type CarriedVerdict = 'kept' | 'paraphrased' | 'lost';

/** Words that carry no subject: function words, and the negations and hedges rules are made of. */
const STOP = new Set(
  (
    'the and for but not nor yet with without into onto from that this these those there then than them they their ' +
    'its it’s you your yours our ours we are was were been being have has had having does did doing done will would ' +
    'should could can may might must shall about above after again against all any both each few more most other ' +
    'some such only own same too very just also now here when where why how what which who whom because while until ' +
    'never always dont don’t do not please use using make sure any every one ever let lets let’s ok okay yes'
  ).split(' '),
);

/** A name or a value: a code span, a path, a host, a number, an identifier, an acronym. */
const ENTITY = /`[^`\n]{1,80}`|(?:[\w.-]+\/)+[\w.-]+|\b[\w-]+(?:\.[\w-]+)+\b|\b\w*\d\w*\b|\b[a-z]+[A-Z]\w*\b|\b\w+_\w+\b|\b[A-Z]{2,}\b/g;

const stem = (word: string): string => {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
};

/** The content words of a text, stemmed. */
export function termsOf(text: string): Set<string> {
  const terms = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9\u00c0-\u024f']+/)) {
    const bare = word.replace(/'s$|^'+|'+$/g, '');
    if (bare.length >= 3 && !STOP.has(bare)) terms.add(stem(bare));
  }
  return terms;
}

/** The names and values of a text, lower-cased, without code ticks. */
export function entitiesOf(text: string): Set<string> {
  return new Set([...text.matchAll(ENTITY)].map((m) => m[0].replace(/`/g, '').toLowerCase()).filter((e) => e.length >= 2));
}

const squash = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[`"“”'’]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s.!,;:]+$/, '')
    .trim();

interface Window {
  readonly terms: ReadonlySet<string>;
  readonly text: string;
}

/** The surviving text, prepared once for many items: the whole squashed, and windows of three lines. */
export interface Haystack {
  readonly whole: string;
  readonly windows: readonly Window[];
}

/** Lines longer than this are split at sentence ends, so that one window stays a passage. */
const LONG_LINE = 400;

export function haystackOf(texts: readonly string[]): Haystack {
  const lines = texts
    .flatMap((text) => text.split('\n'))
    .flatMap((line) => (line.length > LONG_LINE ? line.split(/(?<=[.!?])\s+/) : [line]))
    .filter((line) => line.trim() !== '');
  const windows: Window[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines.slice(i, i + 3).join('\n');
    windows.push({ terms: termsOf(text), text: text.toLowerCase() });
  }
  return { whole: squash(texts.join('\n')), windows };
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const hasEntity = (text: string, entity: string): boolean => new RegExp(`(?<![a-z0-9])${escape(entity)}(?![a-z0-9])`).test(text);

export interface CarriedJudgement {
  readonly verdict: CarriedVerdict;
  /** Share of the item's words found together in one passage. */
  readonly termCoverage: number;
  /** Share of the item's names and values found in that passage. */
  readonly entityCoverage: number;
}

function bestWindow(terms: ReadonlySet<string>, entities: ReadonlySet<string>, hay: Haystack): CarriedJudgement & { hits: number } {
  let best = { verdict: 'lost' as CarriedVerdict, termCoverage: 0, entityCoverage: 0, hits: 0 };
  for (const window of hay.windows) {
    let hits = 0;
    for (const term of terms) if (window.terms.has(term)) hits++;
    let found = 0;
    for (const entity of entities) if (hasEntity(window.text, entity)) found++;
    const termCoverage = terms.size === 0 ? 1 : hits / terms.size;
    const entityCoverage = entities.size === 0 ? 1 : found / entities.size;
    if (termCoverage + entityCoverage > best.termCoverage + best.entityCoverage) best = { ...best, termCoverage, entityCoverage, hits };
  }
  return best;
}

/**
 * How an item's text is carried by the surviving text. A file is carried by its path or its
 * name; anything else by its words, near each other.
 */
export function judgeCarried(item: string, hay: Haystack, options: { readonly file?: boolean } = {}): CarriedJudgement {
  if (options.file === true) {
    const name = item.split('/').at(-1) ?? item;
    const found = hay.whole.includes(item.toLowerCase()) || hasEntity(hay.whole, name.toLowerCase());
    return { verdict: found ? 'kept' : 'lost', termCoverage: found ? 1 : 0, entityCoverage: found ? 1 : 0 };
  }
  const said = squash(item);
  if (said.length > 0 && hay.whole.includes(said)) return { verdict: 'kept', termCoverage: 1, entityCoverage: 1 };
  const terms = termsOf(item);
  const entities = entitiesOf(item);
  const best = bestWindow(terms, entities, hay);
  const { termCoverage, entityCoverage } = best;
  if (termCoverage >= 0.9 && entityCoverage === 1 && best.hits >= Math.min(2, terms.size)) return { ...best, verdict: 'kept' };
  if (termCoverage >= 0.5 && entityCoverage >= 0.5 && best.hits >= Math.min(3, terms.size)) return { ...best, verdict: 'paraphrased' };
  return { verdict: 'lost', termCoverage, entityCoverage };
}

/** What people say when they repeat themselves. */
const AGAIN = /\b(?:i told you|as i said|i said|i already|again|remember|reminder|like i said|once more)\b/i;

/**
 * The index of the first later message that says an item again: most of its words, or some of
 * them with a cue that it is said again ("I told you…").
 */
export function restatedIn(item: string, later: readonly string[]): number | undefined {
  const terms = termsOf(item);
  if (terms.size === 0) return undefined;
  const index = later.findIndex((text) => {
    const words = termsOf(text);
    let hits = 0;
    for (const term of terms) if (words.has(term)) hits++;
    const share = hits / terms.size;
    return (share >= 0.5 && hits >= Math.min(2, terms.size)) || (AGAIN.test(text) && share >= 0.34 && hits >= 1);
  });
  return index === -1 ? undefined : index;
}
