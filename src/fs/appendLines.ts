import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { mkdir, open, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface AppendOptions {
  /** Mode for a file this call creates (Claude Code uses 0600, and 0700 for folders). */
  readonly fileMode?: number;
  readonly dirMode?: number;
}

/**
 * Appends whole lines in one write(2) on an O_APPEND descriptor, so concurrent appenders to
 * the same regular file never interleave inside a line. `lines` must end with '\n'.
 */
export async function appendWholeLines(path: string, lines: string, options: AppendOptions = {}): Promise<void> {
  if (lines.length === 0) return;
  if (!lines.endsWith('\n')) throw new TypeError('appendWholeLines needs text that ends with a newline');
  await mkdir(dirname(path), { recursive: true, mode: options.dirMode ?? 0o700 });
  const handle = await open(path, 'a', options.fileMode ?? 0o600);
  try {
    const bytes = Buffer.from(lines, 'utf8');
    let written = 0;
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
      written += bytesWritten;
    }
  } finally {
    await handle.close();
  }
}

/** The same, synchronously: for records that must be on disk before the current tick ends. */
export function appendWholeLinesSync(path: string, lines: string, options: AppendOptions = {}): void {
  if (lines.length === 0) return;
  if (!lines.endsWith('\n')) throw new TypeError('appendWholeLinesSync needs text that ends with a newline');
  mkdirSync(dirname(path), { recursive: true, mode: options.dirMode ?? 0o700 });
  const fd = openSync(path, 'a', options.fileMode ?? 0o600);
  try {
    const bytes = Buffer.from(lines, 'utf8');
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
  } finally {
    closeSync(fd);
  }
}

/**
 * Ends a torn last line (a crash mid-write) with '\n' so the next append starts a line of
 * its own. The fragment is kept, not cut: it stays visible as a diagnostic, never glued to
 * new data. Returns true when it had to repair.
 */
export async function repairTornTail(path: string): Promise<boolean> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  if (size === 0) return false;
  const handle = await open(path, 'r');
  let last: number | undefined;
  try {
    const byte = Buffer.alloc(1);
    await handle.read(byte, 0, 1, size - 1);
    last = byte[0];
  } finally {
    await handle.close();
  }
  if (last === 0x0a) return false;
  await appendWholeLines(path, '\n');
  return true;
}
