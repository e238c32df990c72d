/**
 * What every command that reads folders says when they hold no transcript, in the same words (decision 114): one
 * line on stderr naming them. It is no usage error and nothing failed (a new machine's empty projects folder), so
 * the exit status stays 0; the text output, a table of zeros that reads as "nothing was spent", is left out.
 */
export function sayNoTranscripts(folders: readonly string[]): void {
  process.stderr.write(`memlog: no .jsonl transcripts under ${folders.join(', ')}\n`);
}
