import { open, stat } from 'node:fs/promises';
import { asyncScheduler, defer, exhaustMap, from, mergeMap, Observable, takeUntil, timer, type SchedulerLike } from 'rxjs';
import type { DiagnosticItem, ReadItem } from './readItem.js';
import { TranscriptParser } from './transcriptParser.js';

export interface FollowOptions {
  /** How often to look for new bytes. */
  readonly pollMs?: number;
  /** Emits (or completes) when following should stop; the held-back tail is then flushed. */
  readonly stop?: Observable<unknown>;
  readonly scheduler?: SchedulerLike;
  readonly chunkBytes?: number;
}

/**
 * Follows a transcript another process is still appending to, as `tail -f` does: every
 * complete line already there, then each new one as it arrives. A line still being written is
 * held back until its newline. When `stop` fires, what is held back is flushed (a torn last
 * line becomes truncated_line) and the stream completes. A file that shrinks (rewritten or
 * truncated) is reported once as a read_error and followed again from its new end.
 */
export function followTranscript(path: string, options: FollowOptions = {}): Observable<ReadItem> {
  const { pollMs = 250, stop, scheduler = asyncScheduler, chunkBytes = 1024 * 1024 } = options;
  return defer(() => {
    const parser = new TranscriptParser();
    let offset = 0;
    const readNew = async (): Promise<ReadItem[]> => {
      const size = await sizeOf(path);
      if (size === null) return [];
      if (size < offset) {
        const shrank: DiagnosticItem = { kind: 'diagnostic', code: 'read_error', line: 0, offset: size, raw: '', message: `the file shrank from ${offset} to ${size} bytes; following from its new end` };
        offset = size;
        return [shrank];
      }
      if (size === offset) return [];
      const handle = await open(path, 'r');
      const items: ReadItem[] = [];
      try {
        const buffer = Buffer.allocUnsafe(Math.min(chunkBytes, size - offset));
        while (offset < size) {
          const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - offset), offset);
          if (bytesRead === 0) break;
          offset += bytesRead;
          items.push(...parser.push(buffer.subarray(0, bytesRead)));
        }
      } finally {
        await handle.close();
      }
      return items;
    };
    const polls = timer(0, pollMs, scheduler).pipe(
      exhaustMap(() => from(readNew())),
      mergeMap((items) => items),
    );
    const following = stop ? polls.pipe(takeUntil(stop)) : polls;
    return new Observable<ReadItem>((subscriber) => {
      const subscription = following.subscribe({
        next: (item) => subscriber.next(item),
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          // Stopped: read what arrived since the last poll, then flush the held-back tail.
          readNew()
            .then((items) => {
              for (const item of [...items, ...parser.end()]) subscriber.next(item);
              subscriber.complete();
            })
            .catch((error: unknown) => subscriber.error(error));
        },
      });
      return () => subscription.unsubscribe();
    });
  });
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
