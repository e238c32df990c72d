import { parseDocument, type YAMLWarning } from 'yaml';

/** Something the YAML of a frontmatter holds that memlog reads past, at a line of the file. */
export interface FrontmatterProblem {
  /** 1-based line in the file (the frontmatter's first line is the file's second). */
  readonly line: number;
  readonly message: string;
}

export type FrontmatterYaml =
  | { readonly ok: true; readonly data: unknown; readonly problems: readonly FrontmatterProblem[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Frontmatter YAML parsed without the yaml library writing anything: its `parse` hands every
 * warning (an unknown tag, say) to `process.emitWarning`, which prints a multi-line
 * `YAMLWarning` block on stderr. Here warnings come back as problems, one line each, for the
 * caller to report in memlog's own format (decision 64); errors are the reason it cannot be read.
 */
export function parseFrontmatterYaml(source: string): FrontmatterYaml {
  const doc = parseDocument(source);
  const error = doc.errors[0];
  if (error !== undefined) return { ok: false, reason: error.message.split('\n')[0] ?? '' };
  try {
    return { ok: true, data: doc.toJS() as unknown, problems: doc.warnings.map(problemOf) };
  } catch (thrown) {
    // toJS refuses what it cannot build, such as aliases that expand past its limit.
    return { ok: false, reason: (thrown as Error).message.split('\n')[0] ?? '' };
  }
}

function problemOf(warning: YAMLWarning): FrontmatterProblem {
  const line = (warning.linePos?.[0].line ?? 0) + 1;
  const head = (warning.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
  const tag = /^Unresolved tag: (.+)$/.exec(head)?.[1];
  return { line, message: tag === undefined ? head : `unresolved tag ${tag} (its value is read as plain text)` };
}
