import { closeSync, readSync } from 'node:fs';
import { MemlogError } from '../errors.js';
import { fsErrorReasonAt } from '../fs/fsError.js';
import { NotRegularFileError, openRegularSync } from '../fs/regularFile.js';
import type { DiagnosticItem, ReadItem } from './readItem.js';
import { TranscriptParser, type TranscriptParserOptions } from './transcriptParser.js';

// The synchronous reader, apart from the Observable one in readTranscript.ts: a command that only folds files (the
// session catalog's fold) loads it without RxJS (decision 88).

export interface ReadTranscriptOptions extends TranscriptParserOptions {
  /** Size of the reused read buffer. */
  readonly chunkBytes?: number;
}

export const DEFAULT_CHUNK_BYTES = 1024 * 1024;

/**
 * Synchronous reader into one reused buffer: the fastest path (no thread-pool round trips),
 * for batch work that may block the event loop. Iterating lazily keeps memory flat.
 */
export function* readTranscriptSync(path: string, options: ReadTranscriptOptions = {}): Generator<ReadItem, void, undefined> {
  const parser = new TranscriptParser(options);
  const buffer = Buffer.allocUnsafe(options.chunkBytes ?? DEFAULT_CHUNK_BYTES);
  let fd: number;
  try {
    fd = openRegularSync(path);
  } catch (error) {
    throw openFailure(path, error);
  }
  let position = options.startOffset ?? 0;
  try {
    for (;;) {
      let read: number;
      try {
        read = readSync(fd, buffer, 0, buffer.length, position);
      } catch (error) {
        yield* parser.end();
        yield readError(error, position);
        return;
      }
      if (read === 0) break;
      position += read;
      yield* parser.push(buffer.subarray(0, read));
    }
    yield* parser.end();
  } finally {
    closeSync(fd);
  }
}

/** Collects every item of a file synchronously; for small files and tests. */
export function readTranscriptFileSync(path: string, options: ReadTranscriptOptions = {}): ReadItem[] {
  return [...readTranscriptSync(path, options)];
}

class OpenError extends MemlogError {}

export function openFailure(path: string, error: unknown): MemlogError {
  const code = (error as NodeJS.ErrnoException).code;
  return new OpenError(
    code === 'ENOENT' ? 'not_found' : 'io',
    error instanceof NotRegularFileError ? error.message : `${path}: ${fsErrorReasonAt(path, code, (error as Error).message)}`,
    { path, errno: code },
    { cause: error },
  );
}

export function isOpenError(error: unknown): boolean {
  return error instanceof OpenError;
}

export function readError(error: unknown, offset: number): DiagnosticItem {
  return { kind: 'diagnostic', code: 'read_error', line: 0, offset, raw: '', message: `reading stopped: ${(error as Error).message}` };
}
