import { closeSync, readSync } from 'node:fs';
import { openRegularSync } from '../fs/regularFile.js';
import { lightEntry } from '../resume/lightEntry.js';
import { TranscriptParser } from '../transcript/transcriptParser.js';
import type { ReadItem } from '../transcript/readItem.js';
import type { SeqEntry } from './chainWindow.js';

const CHUNK_BYTES = 1024 * 1024;

/**
 * Every entry of the file, light (decision 51), read in full by the reader's own parser: for the rare resume the chain
 * window cannot answer alone. Synchronous and without the streaming reader's module, so a scan worker loads no more than
 * the fold needs (decision 87). Throws when the file cannot be read.
 */
export function* lightEntriesOf(path: string): Generator<SeqEntry> {
  const fd = openRegularSync(path);
  try {
    const parser = new TranscriptParser();
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let position = 0; ;) {
      const read = readSync(fd, buffer, 0, buffer.length, position);
      if (read === 0) break;
      position += read;
      yield* lightOf(parser.push(buffer.subarray(0, read)));
    }
    yield* lightOf(parser.end());
  } finally {
    closeSync(fd);
  }
}

function* lightOf(items: readonly ReadItem[]): Generator<SeqEntry> {
  for (const item of items) if (item.kind === 'entry') yield { seq: item.seq, entry: lightEntry(item.entry) };
}
