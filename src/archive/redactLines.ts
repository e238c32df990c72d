import { DEFAULT_MAX_LINE_BYTES } from '../transcript/index.js';

const NEWLINE = 0x0a;

/** The rule a line too long to scan is counted under: it is stored as a marker line, whole (decision 90). */
export const LINE_TOO_LONG_RULE = 'line-too-long';

/** What redacting some bytes found: lines, lines changed, secrets replaced by rule (never a value), and whether they end inside a line. */
export class RedactionTally {
  readonly byRule: Record<string, number> = {};
  lines = 0;
  redactedLines = 0;
  openLine = false;

  count(rules: readonly string[]): void {
    this.lines++;
    if (rules.length > 0) this.redactedLines++;
    for (const rule of rules) this.byRule[rule] = (this.byRule[rule] ?? 0) + 1;
  }
}

/**
 * A line's bytes with its secrets replaced (decision 82's `redactLine`: a JSON line stays valid
 * JSON), or null when it has none: a clean line is kept byte for byte, whatever its encoding.
 */
async function redacted(line: Buffer, tally: RedactionTally): Promise<Buffer | null> {
  // Loaded when used: the scanner's modules are large, and the archive's barrel is on every reading command's path.
  const { redactLine } = await import('../secrets/index.js');
  const { text, rules } = await redactLine(line.toString('utf8'));
  tally.count(rules);
  return rules.length === 0 ? null : Buffer.from(text, 'utf8');
}

/**
 * A line longer than every memlog command reads (decision 66) is not held to be scanned: it
 * stands as one JSON line naming the rule and its length, so no secret in it is stored.
 */
function tooLong(bytes: number, tally: RedactionTally): Buffer {
  tally.count([LINE_TOO_LONG_RULE]);
  return Buffer.from(JSON.stringify({ redacted: `[REDACTED:${LINE_TOO_LONG_RULE}]`, bytes }), 'utf8');
}

/** The line being read: its parts so far, or only its length once it is too long to hold. */
class PendingLine {
  parts: Buffer[] = [];
  bytes = 0;

  add(part: Buffer): void {
    this.bytes += part.length;
    if (this.bytes > DEFAULT_MAX_LINE_BYTES) this.parts = [];
    else this.parts.push(part);
  }

  async take(tally: RedactionTally): Promise<Buffer> {
    const { parts, bytes } = this;
    this.parts = [];
    this.bytes = 0;
    if (bytes > DEFAULT_MAX_LINE_BYTES) return tooLong(bytes, tally);
    const line = Buffer.concat(parts);
    return (await redacted(line, tally)) ?? line;
  }
}

/**
 * Redacts a stream of bytes line by line (decision 90): each chunk's whole lines go out as soon as
 * they are read, the unfinished one waits for its newline; one at the very end, without a newline,
 * is redacted as it stands and the tally says so.
 */
export function redactLines(tally: RedactionTally): (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer> {
  return async function* (source) {
    const pending = new PendingLine();
    for await (const chunk of source) {
      const out: Buffer[] = [];
      let from = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, from)) {
        pending.add(chunk.subarray(from, end));
        out.push(await pending.take(tally), Buffer.of(NEWLINE));
        from = end + 1;
      }
      if (from < chunk.length) pending.add(chunk.subarray(from));
      if (out.length > 0) yield Buffer.concat(out);
    }
    if (pending.bytes === 0) return;
    tally.openLine = true;
    yield await pending.take(tally);
  };
}
