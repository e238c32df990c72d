/**
 * A person's query as an FTS5 expression: every word must be there (in any order), a "quoted
 * phrase" as a phrase, `word*` as a prefix. Each term is quoted, so punctuation, FTS5 keywords
 * (AND, NEAR) and column names in the query are plain words, never syntax errors. Undefined
 * when the query has no word to look for.
 */
export function ftsQuery(query: string): string | undefined {
  const terms: string[] = [];
  const pattern = /"([^"]*)"|(\S+)/g;
  for (let match = pattern.exec(query); match !== null; match = pattern.exec(query)) {
    if (match[1] !== undefined) {
      const words = wordsOf(match[1]);
      if (words.length > 0) terms.push(`"${words.join(' ')}"`);
      continue;
    }
    const raw = match[2] ?? '';
    const prefix = raw.endsWith('*');
    const words = wordsOf(raw);
    words.forEach((word, i) => terms.push(`"${word}"${prefix && i === words.length - 1 ? '*' : ''}`));
  }
  return terms.length === 0 ? undefined : terms.join(' ');
}

/** The words of a piece of query, as FTS5's unicode61 tokenizer splits them. */
function wordsOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}
