import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { redactLine } from '../../src/secrets/index.js';

/** Every file under an archive folder, pieces decompressed by their extension: what a grep over the stored bytes sees. */
export function archiveContents(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = readFileSync(path);
    found.set(path, path.endsWith('.br') ? brotliDecompressSync(bytes) : path.endsWith('.gz') ? gunzipSync(bytes) : bytes);
  }
  return found;
}

/**
 * A file's bytes redacted line by line, independently of the archive's code: each line with a
 * secret replaced by redactLine's text, every other line byte for byte; the last line without a
 * newline stays without one.
 */
export async function redactedLineByLine(bytes: Buffer): Promise<Buffer> {
  const out: Buffer[] = [];
  let from = 0;
  while (from < bytes.length) {
    const end = bytes.indexOf(0x0a, from);
    const line = bytes.subarray(from, end === -1 ? bytes.length : end);
    const { text, rules } = await redactLine(line.toString('utf8'));
    out.push(rules.length === 0 ? line : Buffer.from(text, 'utf8'));
    if (end === -1) break;
    out.push(Buffer.of(0x0a));
    from = end + 1;
  }
  return Buffer.concat(out);
}
