import type { Dirent } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { isAtomicTempName } from './atomicWrite.js';
import { isWithin } from './containment.js';
import { copyFile, link, mkdir, rename, rm, utimes } from './faultableFs.js';

/**
 * A staged copy of a directory: a job changes the copy, and only once it has recorded what it
 * changed are those files moved into the directory, so a fault at any point before leaves the
 * directory as it was. The copy is made of hard links (see `stageDir`), so everything written
 * into it must replace a file by rename (atomicWrite) and never write into one.
 *
 * The copy sits beside the directory, not inside it, so no scan of the directory ever lists it.
 */

/** A staged copy, as `stageDir` made it. */
export interface StagedDir {
  /** The directory staged. */
  readonly dir: string;
  /** The copy to work in. */
  readonly path: string;
  /** The copy's files that differ from what it started with, by path. */
  readonly changes: () => Promise<StagedChange[]>;
}

/** One file of a staged copy that differs from what the copy started with. */
export interface StagedChange {
  /** Relative to the copy (and the directory), with the platform's separator. */
  readonly file: string;
  readonly content: Buffer;
  /** `added`: the directory had no such file when it was staged. */
  readonly change: 'added' | 'updated';
}

const SUFFIX = '.memlog-run';

/** Where the staged copy of `dir` called `name` goes: beside it, named after both (anything unsafe in `name` becomes `_`). */
export const stagedDirPath = (dir: string, name: string): string =>
  join(dirname(dir), `.${basename(dir)}.${name.replace(/[^A-Za-z0-9_.-]/g, '_')}${SUFFIX}`);

/** Where a copy keeps a second link to each file it started from: what "unchanged" is measured against. */
const baseOf = (staging: string): string => `${staging}.base`;

/**
 * Makes a staged copy of `dir` at `staging` (replacing one an earlier attempt left there). A
 * copy cut short by a fault stays until `removeStagedDir` or `removeStagedLeftovers`.
 */
export async function stageDir(dir: string, staging: string): Promise<StagedDir> {
  await removeStagedDir(staging);
  const inodes = await linkTree(dir, staging);
  return { dir, path: staging, changes: () => changedFiles(staging, inodes) };
}

/**
 * Moves the named files of a staged copy into the directory, in the order given, each by
 * rename; then removes the copy. Only the files named are moved: anything else in the copy is
 * as it was when it was staged, and a newer version in the directory (written meanwhile) is not
 * put back. Safe to run again after a crash part-way: it finishes the job.
 */
export async function applyStagedFiles(staging: string, dir: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    const from = join(staging, file);
    const next = await readOrNull(from);
    if (next === null) continue; // moved already, before a crash
    const to = join(dir, file);
    await mkdir(dirname(to), { recursive: true });
    await rename(from, to);
  }
  await removeStagedDir(staging);
}

/** Removes a staged copy and its base links. */
export async function removeStagedDir(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true });
  await rm(baseOf(staging), { recursive: true, force: true });
}

/**
 * Removes every staged copy (and its base links) beside a directory: what jobs that were
 * killed or met a full disk left. Only for a caller that holds the directory's lock and has
 * finished every recorded apply first (a finished job's copy is what its apply moves in).
 */
export async function removeStagedLeftovers(dir: string): Promise<void> {
  const parent = dirname(dir);
  const own = `.${basename(dir)}.`;
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return;
  }
  for (const name of names)
    if (name.startsWith(own) && (name.endsWith(SUFFIX) || name.endsWith(baseOf(SUFFIX))))
      await rm(join(parent, name), { recursive: true, force: true });
}

/** A temp file of an atomic write cut short: never content. */
const isTempFile = isAtomicTempName;

/** The files under a folder, relative to it, without temp files left by a write that was cut short. */
async function listFiles(root: string): Promise<string[]> {
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile() && !isTempFile(d.name))
      .map((d) => relative(root, join(d.parentPath, d.name)));
  } catch {
    return [];
  }
}

/**
 * The copy, made of hard links: no bytes copied, timestamps shared, so a copy costs one link
 * per file however large the directory is. Safe because every write into the copy replaces a
 * file by rename and never writes into one, so an original is never touched through its link.
 * Each file is linked a second time under the base folder, so the bytes the copy started from
 * stay readable even when the copy's file is replaced or the directory's is. A symlinked file
 * is copied with its target's bytes and times when the target is inside the directory and left
 * out when it is not (nothing outside the directory is read through it); everything is copied
 * when links are not possible (another file system). Returns each file's inode as linked.
 */
async function linkTree(from: string, to: string): Promise<Map<string, number>> {
  const inodes = new Map<string, number>();
  const base = baseOf(to);
  const realFrom = await realpath(from);
  await mkdir(to, { recursive: true });
  await mkdir(base, { recursive: true });
  const entries = (await readdir(from, { recursive: true, withFileTypes: true })).filter((d) => !isTempFile(d.name));
  // Every folder first, in the copy and under the base, so that each file then costs its links alone
  // (an extraction run stages the memory directory: thousands of runs over a long session).
  for (const dir of entries.filter((d) => d.isDirectory())) {
    const folder = relative(from, join(parentOf(dir), dir.name));
    await mkdir(join(to, folder), { recursive: true });
    await mkdir(join(base, folder), { recursive: true });
  }
  const files = entries.filter((e) => e.isFile() || e.isSymbolicLink());
  const one = async (entry: Dirent): Promise<void> => {
    const source = join(parentOf(entry), entry.name);
    const file = relative(from, source);
    const target = join(to, file);
    const keep = async (): Promise<void> => {
      await link(target, join(base, file));
      inodes.set(file, (await stat(target)).ino);
    };
    if (entry.isFile()) {
      try {
        await link(source, target);
        return await keep();
      } catch {
        // Not linkable here: copied below.
      }
    }
    let info;
    try {
      if (entry.isSymbolicLink() && !isWithin(realFrom, await realpath(source))) return;
      info = await stat(source);
    } catch {
      return; // a dangling link: nothing to read
    }
    if (!info.isFile()) return;
    await copyFile(source, target);
    await utimes(target, info.atime, info.mtime);
    await keep();
  };
  // A few at a time: each is a round trip to the thread pool.
  for (let i = 0; i < files.length; i += 32) await Promise.all(files.slice(i, i + 32).map(one));
  return inodes;
}

const parentOf = (entry: Dirent): string => entry.parentPath;

/**
 * What differs from the copy's start: a file still linked to its original is untouched (every
 * write replaces a file, never writes into it); one replaced counts when its bytes differ from
 * the ones the copy started from (so rewriting a file unchanged never puts back an older
 * version over one written meanwhile).
 */
async function changedFiles(staging: string, inodes: ReadonlyMap<string, number>): Promise<StagedChange[]> {
  const changes: StagedChange[] = [];
  for (const file of (await listFiles(staging)).sort()) {
    const info = await stat(join(staging, file));
    if (inodes.get(file) === info.ino) continue;
    const content = await readFile(join(staging, file));
    const before = await readOrNull(join(baseOf(staging), file));
    if (before !== null && before.equals(content)) continue;
    changes.push({ file, content, change: inodes.has(file) ? 'updated' : 'added' });
  }
  return changes;
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}
