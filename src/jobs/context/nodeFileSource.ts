import { closeSync, fstatSync, readdirSync, readSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_INSTRUCTION_FILE_BYTES, type FileRead, type FileSource } from '../../context/fileSource.js';
import { isFolder } from '../../fs/fileKind.js';
import { openRegularSync } from '../../fs/regularFile.js';

function read(path: string): FileRead {
  let fd: number;
  try {
    // Only regular files: opening a FIFO or a device to read blocks until someone writes to it.
    const kind = statSync(path);
    if (kind.isDirectory()) return { ok: false, reason: 'directory' };
    if (!kind.isFile()) return { ok: false, reason: 'unreadable', detail: 'not a regular file' };
    fd = openRegularSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, reason: 'missing' };
    if (code === 'EISDIR') return { ok: false, reason: 'directory' };
    return { ok: false, reason: 'unreadable', detail: code ?? (error as Error).message };
  }
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) return { ok: false, reason: 'directory' };
    if (info.size > MAX_INSTRUCTION_FILE_BYTES) return { ok: false, reason: 'too_large', detail: `${info.size} bytes` };
    const buffer = Buffer.alloc(info.size);
    let filled = 0;
    while (filled < info.size) {
      const n = readSync(fd, buffer, filled, info.size - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    const bytes = buffer.subarray(0, filled);
    if (bytes.includes(0)) return { ok: false, reason: 'not_text', detail: 'contains NUL bytes' };
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return { ok: false, reason: 'not_text', detail: 'not valid UTF-8' };
    }
    return { ok: true, text, realPath: realPath(path) ?? path };
  } catch (error) {
    return { ok: false, reason: 'unreadable', detail: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  } finally {
    closeSync(fd);
  }
}

function realPath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** Recursive, following no directory symlink twice (a symlink loop ends the walk there). */
function listMarkdown(dir: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (current: string): void => {
    const real = realPath(current);
    if (real === null || seen.has(real)) return;
    seen.add(real);
    let names: string[];
    try {
      names = readdirSync(current).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(current, name);
      if (isFolder(path)) walk(path);
      else if (name.endsWith('.md')) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** The disk, read synchronously: instruction files are few and small, and Claude Code loads them up front too. */
export const nodeFileSource: FileSource = { read, realPath, listMarkdown, isDirectory: isFolder };
