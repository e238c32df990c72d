/** Something about the inputs of a request that the user should know; never a crash. */
export type ContextDiagnosticCode =
  | 'unreadable'
  | 'too_large'
  | 'not_text'
  | 'large_instructions'
  | 'bad_frontmatter'
  | 'import_missing'
  | 'import_external'
  | 'import_depth'
  | 'import_cycle'
  | 'import_not_text'
  | 'index_truncated'
  | 'transcript_lines'
  | 'attachment_skipped'
  | 'block_dropped';

export interface ContextDiagnostic {
  readonly code: ContextDiagnosticCode;
  /** The file (or transcript) it is about. */
  readonly path: string;
  readonly message: string;
}
