import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { isAtomicTempName } from './atomicWrite.js';
import { isWithin } from './containment.js';
import { readOrNullSync } from './readOrNull.js';
import { copyFileSync, linkSync, mkdirSync, renameSync, rmSync, utimesSync } from './faultableFs.js';
import { readRegularFileSync } from './regularFile.js';

/**
 * A staged copy of a directory: a job changes the copy, and only once it has recorded what it
 * changed are those files moved into the directory, so a fault at any point before leaves the
 * directory as it was. The copy is made of hard links (see `stageDir`), so everything written
 * into it must replace a file by rename (atomicWrite) and never write into one.
 *
 * The copy sits beside the directory, not inside it, so no scan of the directory ever lists it.
 *
 * Its file operations are synchronous behind the async signatures: a memory directory holds tens
 * to hundreds of small files and an extraction run stages it, twice compares it and removes it
 * (thousands of runs over a long session with --per-turn), where each awaited call was a round
 * trip to the thread pool that cost more than the call itself (decision 60).
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
export function stageDir(dir: string, staging: string): Promise<StagedDir> {
  return settled(() => {
    removeStaged(staging);
    const inodes = linkTree(dir, staging);
    return { dir, path: staging, changes: () => settled(() => changedFiles(staging, inodes)) };
  });
}

/** Synchronous work behind a promise: a throw becomes a rejection, as in an async function. */
const settled = <T>(work: () => T): Promise<T> => new Promise((resolve) => resolve(work()));

/**
 * Moves the named files of a staged copy into the directory, in the order given, each by
 * rename; then removes the copy. Only the files named are moved: anything else in the copy is
 * as it was when it was staged, and a newer version in the directory (written meanwhile) is not
 * put back. Safe to run again after a crash part-way: it finishes the job.
 */
export function applyStagedFiles(staging: string, dir: string, files: readonly string[]): Promise<void> {
  return settled(() => applyFiles(staging, dir, files));
}

function applyFiles(staging: string, dir: string, files: readonly string[]): void {
  for (const file of files) {
    const from = join(staging, file);
    if (!isFile(from)) continue; // moved already, before a crash
    const to = join(dir, file);
    mkdirSync(dirname(to), { recursive: true });
    renameSync(from, to);
  }
  removeStaged(staging);
}

/** Removes a staged copy and its base links. */
export function removeStagedDir(staging: string): Promise<void> {
  return settled(() => removeStaged(staging));
}

function removeStaged(staging: string): void {
  rmSync(staging, { recursive: true, force: true });
  rmSync(baseOf(staging), { recursive: true, force: true });
}

/**
 * Removes every staged copy (and its base links) beside a directory: what jobs that were
 * killed or met a full disk left. Only for a caller that holds the directory's lock and has
 * finished every recorded apply first (a finished job's copy is what its apply moves in).
 */
export function removeStagedLeftovers(dir: string): Promise<void> {
  return settled(() => removeLeftovers(dir));
}

function removeLeftovers(dir: string): void {
  const parent = dirname(dir);
  const own = `.${basename(dir)}.`;
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names)
    if (name.startsWith(own) && (name.endsWith(SUFFIX) || name.endsWith(baseOf(SUFFIX))))
      rmSync(join(parent, name), { recursive: true, force: true });
}

/** A temp file of an atomic write cut short: never content. */
const isTempFile = isAtomicTempName;

/** The files under a folder, relative to it, without temp files left by a write that was cut short. */
function listFiles(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
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
function linkTree(from: string, to: string): Map<string, number> {
  const inodes = new Map<string, number>();
  const base = baseOf(to);
  const realFrom = realpathSync(from);
  mkdirSync(to, { recursive: true });
  mkdirSync(base, { recursive: true });
  const entries = readdirSync(from, { recursive: true, withFileTypes: true }).filter((d) => !isTempFile(d.name));
  // Every folder first, in the copy and under the base, so that each file then costs its links alone
  // (an extraction run stages the memory directory: thousands of runs over a long session).
  for (const dir of entries.filter((d) => d.isDirectory())) {
    const folder = relative(from, join(parentOf(dir), dir.name));
    mkdirSync(join(to, folder), { recursive: true });
    mkdirSync(join(base, folder), { recursive: true });
  }
  const one = (entry: Dirent): void => {
    const source = join(parentOf(entry), entry.name);
    const file = relative(from, source);
    const target = join(to, file);
    const keep = (): void => {
      linkSync(target, join(base, file));
      inodes.set(file, statSync(target).ino);
    };
    if (entry.isFile()) {
      try {
        linkSync(source, target);
        return keep();
      } catch {
        // Not linkable here: copied below.
      }
    }
    let info;
    try {
      if (entry.isSymbolicLink() && !isWithin(realFrom, realpathSync(source))) return;
      info = statSync(source);
    } catch {
      return; // a dangling link: nothing to read
    }
    if (!info.isFile()) return;
    copyFileSync(source, target);
    utimesSync(target, info.atime, info.mtime);
    keep();
  };
  for (const entry of entries) if (entry.isFile() || entry.isSymbolicLink()) one(entry);
  return inodes;
}

const parentOf = (entry: Dirent): string => entry.parentPath;

/**
 * What differs from the copy's start: a file still linked to its original is untouched (every
 * write replaces a file, never writes into it); one replaced counts when its bytes differ from
 * the ones the copy started from (so rewriting a file unchanged never puts back an older
 * version over one written meanwhile).
 */
function changedFiles(staging: string, inodes: ReadonlyMap<string, number>): StagedChange[] {
  const changes: StagedChange[] = [];
  for (const file of listFiles(staging).sort()) {
    const info = statSync(join(staging, file));
    if (inodes.get(file) === info.ino) continue;
    const content = readRegularFileSync(join(staging, file), { follow: false });
    const before = readOrNullSync(join(baseOf(staging), file));
    if (before !== null && before.equals(content)) continue;
    changes.push({ file, content, change: inodes.has(file) ? 'updated' : 'added' });
  }
  return changes;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
