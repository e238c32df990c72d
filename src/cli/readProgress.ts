import { SingleBar } from 'cli-progress';

/** Files smaller than this read in a second or two: no bar for them. */
export const PROGRESS_MIN_BYTES = 64 * 1024 * 1024;

/** How often the bar is redrawn, in bytes read. */
const STEP_BYTES = 4 * 1024 * 1024;

const MB = 1024 * 1024;

export interface ReadProgress {
  /** Bytes of the file read so far (the offset of the item just read). */
  readonly read: (bytes: number) => void;
  readonly stop: () => void;
}

const NONE: ReadProgress = { read: () => undefined, stop: () => undefined };

/**
 * A bar for reading one big transcript — bytes read, rate, ETA — on a terminal only (a pipe or a
 * log file gets nothing), and only for files of PROGRESS_MIN_BYTES or more: `memlog inspect` and
 * `memlog report` over a multi-gigabyte session say how far they are.
 */
export function readProgress(
  command: string,
  file: string,
  totalBytes: number,
  stream: NodeJS.WriteStream = process.stderr,
  minBytes = PROGRESS_MIN_BYTES,
): ReadProgress {
  if (stream.isTTY !== true || totalBytes < minBytes) return NONE;
  const name = file.length <= 40 ? file : `…${file.slice(-39)}`;
  const bar = new SingleBar({
    format: `memlog ${command} ${name} [{bar}] {read}/{size} MB | {rate} MB/s | ETA {eta_formatted}`,
    stream,
    hideCursor: true,
    etaBuffer: 20,
    // The report follows on the same terminal: the bar goes when the read is done.
    clearOnComplete: true,
  });
  const started = performance.now();
  let shown = 0;
  const payload = (bytes: number) => ({
    read: (bytes / MB).toFixed(0),
    size: (totalBytes / MB).toFixed(0),
    rate: (bytes / MB / Math.max((performance.now() - started) / 1000, 0.001)).toFixed(0),
  });
  bar.start(totalBytes, 0, payload(0));
  return {
    read: (bytes) => {
      if (bytes - shown < STEP_BYTES) return;
      shown = bytes;
      bar.update(bytes, payload(bytes));
    },
    stop: () => {
      bar.update(totalBytes, payload(totalBytes));
      bar.stop();
    },
  };
}
