import MiniSearch from 'minisearch';
import type { MemoryHeader } from '../port.js';

const STOPWORDS = new Set(
  "a an and are as at be but by can could do does for from had has have how i i'm if in into is it its it's just let me my no not of on or our please so that the their them then there these they this to too up us was we were what when where which who why will with would you your always never prefer use using don doesn didn isn aren wasn won can couldn shouldn wouldn ll re ve".split(
    ' ',
  ),
);

/** A text's lowercase content words, in order, stopwords and one-letter words left out. */
/** Letters without their accents (é → e, ñ → n, ü → u). */
export const foldAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}+/gu, '');

export function contentWords(text: string): string[] {
  // Accents folded: "métricas" is the word "metricas", not "tricas".
  return (foldAccents(text.toLowerCase()).match(/[a-z0-9][a-z0-9+#.-]*[a-z0-9+#]|[a-z0-9]/g) ?? []).filter(
    (word) => word.length > 1 && !STOPWORDS.has(word),
  );
}

const processTerm = (term: string): string | null => {
  const word = term.toLowerCase();
  return word.length <= 1 || STOPWORDS.has(word) ? null : word;
};

/** Words that mark a memory as a warning: still worth surfacing for a tool already in use. */
const WARNING = /\b(?:warn|warning|gotcha|careful|caution|bug|broken|issue|avoid|never|don't|fails?|pitfall)\b/i;

/**
 * Recall by lexical ranking (BM25+, through minisearch) of the memories' descriptions and file
 * names against the query. Only memories sharing at least one content word with the query are
 * returned, best first, at most `limit`; memories about a tool already in use are left out
 * unless they warn about it (long-term spec §2.2).
 */
export function rankMemories(query: string, candidates: readonly MemoryHeader[], recentTools: readonly string[], limit: number): string[] {
  if (candidates.length === 0 || contentWords(query).length === 0) return [];
  const index = new MiniSearch<{ id: number; filename: string; description: string }>({
    fields: ['filename', 'description'],
    storeFields: ['filename'],
    tokenize: (text) => text.split(/[^A-Za-z0-9+#]+/),
    processTerm,
    searchOptions: { boost: { description: 2 }, prefix: (term) => term.length >= 4, combineWith: 'OR' },
  });
  index.addAll(
    candidates.map((header, id) => ({ id, filename: header.filename.replace(/\.md$/, ''), description: header.description ?? '' })),
  );
  const tools = recentTools.map((tool) => tool.toLowerCase());
  return index
    .search(query)
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .map((hit) => candidates[hit.id as number]!)
    .filter((header) => {
      const about = `${header.filename} ${header.description ?? ''}`.toLowerCase();
      return !tools.some((tool) => about.includes(tool)) || WARNING.test(about);
    })
    .slice(0, limit)
    .map((header) => header.filename);
}
