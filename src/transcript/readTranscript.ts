import { closeSync, readSync } from 'node:fs';
import { Observable, mergeMap, from } from 'rxjs';
import { MemlogError } from '../errors.js';
import { fsErrorReason } from '../fs/fsError.js';
import type { DiagnosticItem, ReadItem } from './readItem.js';
import { TranscriptParser, type TranscriptParserOptions } from './transcriptParser.js';
import { NotRegularFileError, openRegular, openRegularSync } from '../fs/regularFile.js';

export interface ReadTranscriptOptions extends TranscriptParserOptions {
  /** Size of the reused read buffer. */
  readonly chunkBytes?: number;
}

/** A transcript file path, or any byte stream (a Readable, a socket, stdin). */
export type TranscriptSource = string | AsyncIterable<Uint8Array>;

const DEFAULT_CHUNK_BYTES = 1024 * 1024;

/**
 * Reads a transcript as an Observable of entries and diagnostics, one chunk at a time, so
 * memory stays flat whatever the file size. Bad lines become diagnostics and the stream goes
 * on; only a source that cannot be opened errors.
 *
 * @example
 * readTranscript('session.jsonl').subscribe((item) => {
 *   if (item.kind === 'diagnostic') console.warn(item.code, item.line);
 * });
 */
export function readTranscript(source: TranscriptSource, options: ReadTranscriptOptions = {}): Observable<ReadItem> {
  return readTranscriptBatches(source, options).pipe(mergeMap((batch) => from(batch)));
}

/** The same items, one array per chunk read: the cheap form for bulk folding. */
export function readTranscriptBatches(source: TranscriptSource, options: ReadTranscriptOptions = {}): Observable<ReadItem[]> {
  return new Observable<ReadItem[]>((subscriber) => {
    let stopped = false;
    const parser = new TranscriptParser(options);
    const emit = (items: ReadItem[]): void => {
      if (items.length > 0 && !stopped) subscriber.next(items);
    };
    const chunks =
      typeof source === 'string'
        ? fileChunks(source, options.startOffset ?? 0, options.chunkBytes ?? DEFAULT_CHUNK_BYTES, () => stopped)
        : source;
    void (async () => {
      let offset = options.startOffset ?? 0;
      try {
        for await (const chunk of chunks) {
          if (stopped) return;
          emit(parser.push(chunk));
          offset += chunk.length;
        }
      } catch (error) {
        if (isOpenError(error)) {
          subscriber.error(error);
          return;
        }
        emit(parser.end());
        emit([readError(error, offset)]);
        subscriber.complete();
        return;
      }
      emit(parser.end());
      subscriber.complete();
    })();
    return () => {
      stopped = true;
    };
  });
}

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

async function* fileChunks(path: string, startOffset: number, chunkBytes: number, stopped: () => boolean): AsyncGenerator<Uint8Array> {
  let handle;
  try {
    handle = await openRegular(path);
  } catch (error) {
    throw openFailure(path, error);
  }
  const buffer = Buffer.allocUnsafe(chunkBytes);
  try {
    let position = startOffset;
    while (!stopped()) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) return;
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

function openFailure(path: string, error: unknown): MemlogError {
  const code = (error as NodeJS.ErrnoException).code;
  return new OpenError(
    code === 'ENOENT' ? 'not_found' : 'io',
    error instanceof NotRegularFileError ? error.message : `${path}: ${fsErrorReason(code, (error as Error).message)}`,
    { path, errno: code },
    { cause: error },
  );
}

function isOpenError(error: unknown): boolean {
  return error instanceof OpenError;
}

function readError(error: unknown, offset: number): DiagnosticItem {
  return { kind: 'diagnostic', code: 'read_error', line: 0, offset, raw: '', message: `reading stopped: ${(error as Error).message}` };
}
