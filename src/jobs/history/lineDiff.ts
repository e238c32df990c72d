/**
 * A line diff of two small texts (memory files: a few kilobytes): every line kept, removed or
 * added, in order, from a longest common subsequence. Quadratic, which is fine at that size; a
 * text over `MAX_LINES` lines is shown as replaced whole rather than compared.
 */
export type DiffLine = { readonly op: ' ' | '-' | '+'; readonly text: string };

const MAX_LINES = 2000;

const linesOf = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  if (a.length > MAX_LINES || b.length > MAX_LINES)
    return [...a.map((text) => ({ op: '-' as const, text })), ...b.map((text) => ({ op: '+' as const, text }))];
  const common = commonLengths(a, b);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ op: ' ', text: a[i] ?? '' });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || (common[i + 1]?.[j] ?? 0) >= (common[i]?.[j + 1] ?? 0))) {
      out.push({ op: '-', text: a[i] ?? '' });
      i++;
    } else {
      out.push({ op: '+', text: b[j] ?? '' });
      j++;
    }
  }
  return out;
}

/** `common[i][j]`: the length of the longest common subsequence of a[i..] and b[j..]. */
function commonLengths(a: readonly string[], b: readonly string[]): number[][] {
  const common = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = common[i] ?? [];
    const next = common[i + 1] ?? [];
    for (let j = b.length - 1; j >= 0; j--) row[j] = a[i] === b[j] ? (next[j + 1] ?? 0) + 1 : Math.max(next[j] ?? 0, row[j + 1] ?? 0);
  }
  return common;
}

/** A diff as text: each line with its mark, the unchanged ones too (memory files are short). */
export const diffText = (lines: readonly DiffLine[]): string => lines.map((l) => `${l.op} ${l.text}`).join('\n');
