import { createReadStream, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MemlogError } from '../errors.js';
import { atomicTempPath } from '../fs/atomicWrite.js';
import { openForWrite, rename, rm, writeAllAsync } from '../fs/faultableFs.js';
import { redactLines, RedactionTally } from './redactLines.js';

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
 * `memlog redact`: a copy of a transcript with every secret the scan finds replaced by a marker
 * naming its rule, line by line, streamed, as `archive --redact` stores it; a JSON line stays
 * valid JSON, a clean line keeps its bytes (decisions 82, 90). Written
 * through a temp file and a rename; the transcript itself is never the output.
 */
export async function redactTranscript(input: string, output: string): Promise<RedactionReport> {
  if (realOrSame(input) === realOrSame(output))
    throw new MemlogError('invalid_argument', `--out ${output} is the transcript itself: redaction writes a copy`);
  const tally = new RedactionTally();
  const temp = atomicTempPath(resolve(output));
  const out = await openForWrite(temp, 'wx', 0o600, { follow: false });
  try {
    await pipeline(createReadStream(input, { highWaterMark: 1 << 20 }), redactLines(tally), async (redacted) => {
      for await (const chunk of redacted) await writeAllAsync(out, chunk, temp);
    });
    await out.sync();
    await out.close();
    await rename(temp, resolve(output));
  } catch (error) {
    await out.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  return { lines: tally.lines, redactedLines: tally.redactedLines, byRule: { ...tally.byRule } };
}
