import { stat } from 'node:fs/promises';
import { asyncScheduler, Observable, timer, type SchedulerLike } from 'rxjs';
import type { DiagnosticItem, ReadItem } from './readItem.js';
import { TranscriptParser } from './transcriptParser.js';
import { openRegular } from '../fs/regularFile.js';

export interface FollowOptions {
  /** How often to look for new bytes. */
  readonly pollMs?: number;
  /** Following stops when this emits or completes; what arrived since the last poll is read, and the held-back tail flushed. */
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
  return new Observable<ReadItem>((subscriber) => {
    const tail = new TailReader(path, chunkBytes);
    let closed = false;
    let finishing = false;
    // Reads never overlap: each waits for the one before, so the parser sees bytes in order.
    let reading: Promise<void> = Promise.resolve();

    const emit = (items: readonly ReadItem[]): void => {
      if (!closed) for (const item of items) subscriber.next(item);
    };
    const fail = (error: unknown): void => {
      if (!closed) subscriber.error(error);
    };
    const poll = (): void => {
      reading = reading.then(async () => (closed || finishing ? undefined : emit(await tail.readNew()))).catch(fail);
    };
    const polls = timer(0, pollMs, scheduler).subscribe(poll);
    const finish = (): void => {
      if (finishing) return;
      finishing = true;
      polls.unsubscribe();
      // After the read in flight: what arrived since, then the held-back tail.
      reading = reading
        .then(async () => {
          emit(await tail.readNew());
          emit(tail.end());
          if (!closed) subscriber.complete();
        })
        .catch(fail);
    };
    const stopping = stop?.subscribe({ next: finish, complete: finish });
    return () => {
      closed = true;
      polls.unsubscribe();
      stopping?.unsubscribe();
    };
  });
}

/** A growing file's lines past what was read: each new line once its newline is there. */
class TailReader {
  private parser = new TranscriptParser();
  private offset = 0;

  constructor(
    private readonly path: string,
    private readonly chunkBytes: number,
  ) {}

  /** What was appended since the last read, as items; a read_error when the file shrank. */
  async readNew(): Promise<ReadItem[]> {
    const size = await sizeOf(this.path);
    if (size === null || size === this.offset) return [];
    if (size < this.offset) return [this.restartAt(size)];
    return this.readUpTo(size);
  }

  /** The held-back tail, flushed (a torn last line becomes truncated_line). */
  end(): ReadItem[] {
    return this.parser.end();
  }

  private restartAt(size: number): DiagnosticItem {
    const shrank: DiagnosticItem = {
      kind: 'diagnostic',
      code: 'read_error',
      line: 0,
      offset: size,
      raw: '',
      message: `the file shrank from ${this.offset} to ${size} bytes; following from its new end`,
    };
    this.offset = size;
    // What was held back belonged to bytes that are gone.
    this.parser = new TranscriptParser({ startOffset: size, startLine: 0, startSeq: this.parser.nextSeq });
    return shrank;
  }

  private async readUpTo(size: number): Promise<ReadItem[]> {
    const handle = await openRegular(this.path);
    const items: ReadItem[] = [];
    try {
      const buffer = Buffer.allocUnsafe(Math.min(this.chunkBytes, size - this.offset));
      while (this.offset < size) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - this.offset), this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        items.push(...this.parser.push(buffer.subarray(0, bytesRead)));
      }
    } finally {
      await handle.close();
    }
    return items;
  }
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
