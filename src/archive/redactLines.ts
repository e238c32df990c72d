const NEWLINE = 0x0a;

/** What redacting a piece found: secrets replaced, by rule (never a value), and whether its bytes end inside a line. */
export class RedactionTally {
  readonly byRule: Record<string, number> = {};
  openLine = false;

  count(rules: readonly string[]): void {
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
  if (rules.length === 0) return null;
  tally.count(rules);
  return Buffer.from(text, 'utf8');
}

/**
 * Redacts a stream of bytes line by line (decision 90): each chunk's whole lines go out as soon as
 * they are read, the unfinished one waits for its newline; one at the very end, without a newline,
 * is redacted as it stands and the tally says so.
 */
export function redactLines(tally: RedactionTally): (source: AsyncIterable<Buffer>) => AsyncGenerator<Buffer> {
  return async function* (source) {
    let pending: Buffer[] = [];
    for await (const chunk of source) {
      const out: Buffer[] = [];
      let from = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, from)) {
        const line = Buffer.concat([...pending, chunk.subarray(from, end)]);
        pending = [];
        out.push((await redacted(line, tally)) ?? line, Buffer.of(NEWLINE));
        from = end + 1;
      }
      if (from < chunk.length) pending.push(chunk.subarray(from));
      if (out.length > 0) yield Buffer.concat(out);
    }
    if (pending.length === 0) return;
    const last = Buffer.concat(pending);
    tally.openLine = true;
    yield (await redacted(last, tally)) ?? last;
  };
}
