/** A path a walk could not read, and why: one item of the `unreadable` list every `--json` output carries (decision 115). */
export interface UnreadablePath {
  readonly path: string;
  readonly reason: string;
}

/** Paths in code-unit order, as every list of paths memlog prints. */
export const byPath = (a: { readonly path: string }, b: { readonly path: string }): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/**
 * The `unreadable` field's value: each path with why and nothing else, in path order, so that
 * report, search, extract and inspect list the same paths in the same shape (decision 115).
 */
export function unreadableList(paths: readonly UnreadablePath[]): UnreadablePath[] {
  return paths.map(({ path, reason }) => ({ path, reason })).sort(byPath);
}
