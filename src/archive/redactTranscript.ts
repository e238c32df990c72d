import { createReadStream } from 'node:fs';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { MemlogError } from '../errors.js';
import { atomicTempPath } from '../fs/atomicWrite.js';
import { openForWrite, rename, rm, writeAllAsync } from '../fs/faultableFs.js';

/** What a redaction did: lines read, lines changed, and how many secrets each rule replaced (never a value). */
export interface RedactionReport {
  readonly lines: number;
  readonly redactedLines: number;
  readonly byRule: Readonly<Record<string, number>>;
}

const realOrSame = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};

/**
 * Lines of a stream, each with whether it ended with a newline: the last one may not, and is
 * written back as it was.
 */
async function* lines(path: string): AsyncGenerator<{ text: string; newline: boolean }> {
  let pending = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 }) as AsyncIterable<string>) {
    pending += chunk;
    let end = pending.indexOf('\n');
    while (end !== -1) {
      yield { text: pending.slice(0, end), newline: true };
      pending = pending.slice(end + 1);
      end = pending.indexOf('\n');
    }
  }
  if (pending !== '') yield { text: pending, newline: false };
}

/**
 * `memlog redact`: a copy of a transcript with every secret the scan finds replaced by a marker
 * naming its rule, line by line, streamed; a JSON line stays valid JSON (decision 82). Written
 * through a temp file and a rename; the transcript itself is never the output.
 */
export async function redactTranscript(input: string, output: string): Promise<RedactionReport> {
  if (realOrSame(input) === realOrSame(output))
    throw new MemlogError('invalid_argument', `--out ${output} is the transcript itself: redaction writes a copy`);
  // Loaded when used: the scanner's modules are large, and the archive's barrel is on every reading command's path.
  const { redactLine } = await import('../secrets/index.js');
  const byRule: Record<string, number> = {};
  let count = 0;
  let redactedLines = 0;
  const temp = atomicTempPath(resolve(output));
  const out = await openForWrite(temp, 'wx', 0o600, { follow: false });
  try {
    for await (const line of lines(input)) {
      count++;
      const { text, rules } = await redactLine(line.text);
      if (rules.length > 0) redactedLines++;
      for (const rule of rules) byRule[rule] = (byRule[rule] ?? 0) + 1;
      await writeAllAsync(out, Buffer.from(line.newline ? `${text}\n` : text, 'utf8'), temp);
    }
    await out.sync();
    await out.close();
    await rename(temp, resolve(output));
  } catch (error) {
    await out.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  return { lines: count, redactedLines, byRule };
}
