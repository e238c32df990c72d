import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { atomicTempPath } from '../fs/atomicWrite.js';
import { mkdir, openForWrite, rename, rm, writeAllAsync } from '../fs/faultableFs.js';
import { faultPoint } from '../fs/faultSeam.js';
import { manifestPath } from './archiveLayout.js';
import { indexManifest } from './archiveIndex.js';
import { readManifest, type ManifestRecord } from './manifest.js';
import { readRegularFileOrNullStream } from './readStream.js';
import { readVersion } from './readVersion.js';

/** Which files: a session (by id), a project (by folder name), or every file. */
export type RestoreSelection = { readonly session: string } | { readonly project: string } | { readonly all: true };

export interface RestoreOptions {
  readonly archiveDir: string;
  readonly selection: RestoreSelection;
  /** The folder that gets `<project>/<path>` (Claude Code's projects folder, for --into-claude). */
  readonly into: string;
  /** Replace an existing file whose bytes differ. */
  readonly force?: boolean;
}

export interface RestoreReport {
  readonly restored: readonly string[];
  /** Already there, byte for byte. */
  readonly unchanged: readonly string[];
  /** There with other bytes, and not replaced (no --force). */
  readonly refused: readonly string[];
  /** Selected files whose newest version is stored redacted: what was written holds markers, not the secrets (decision 90). */
  readonly redacted: readonly string[];
}

/** Whether an archive key belongs to the selection. */
export function selects(selection: RestoreSelection, key: string): boolean {
  if ('all' in selection) return true;
  const [project = '', first = ''] = key.split('/');
  if ('project' in selection) return project === selection.project;
  return first === `${selection.session}.jsonl` || first === selection.session;
}

/**
 * `memlog archive restore`: writes the newest version of every selected file, byte for byte (a
 * redacted version's redacted bytes, and the report names it),
 * through a temp file and a rename; a file already there is left alone when identical, and kept
 * unless `force` when it differs.
 */
export async function restoreArchive(options: RestoreOptions): Promise<RestoreReport> {
  const index = indexManifest((await readManifest(manifestPath(options.archiveDir))).records);
  const report = { restored: [] as string[], unchanged: [] as string[], refused: [] as string[], redacted: [] as string[] };
  for (const [key, versions] of [...index].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const newest = versions[versions.length - 1];
    if (newest === undefined || !selects(options.selection, key)) continue;
    const outcome = await restoreFile(options, key, newest);
    report[outcome].push(key);
    if (newest[0]?.redaction !== undefined) report.redacted.push(key);
  }
  return report;
}

async function restoreFile(
  options: RestoreOptions,
  key: string,
  records: readonly ManifestRecord[],
): Promise<'restored' | 'unchanged' | 'refused'> {
  const target = join(options.into, ...key.split('/'));
  await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  const temp = atomicTempPath(target);
  try {
    const sha = await writeVersion(options.archiveDir, records, temp);
    const existing = await fileSha(target);
    if (existing === sha) return 'unchanged';
    if (existing !== null && options.force !== true) return 'refused';
    await rename(temp, target);
    return 'restored';
  } finally {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

async function writeVersion(archiveDir: string, records: readonly ManifestRecord[], temp: string): Promise<string> {
  const hash = createHash('sha256');
  const out = await openForWrite(temp, 'wx', 0o600, { follow: false });
  try {
    for await (const chunk of readVersion(archiveDir, records)) {
      hash.update(chunk);
      await writeAllAsync(out, chunk, temp);
    }
    faultPoint('fsync', temp);
    await out.sync();
  } finally {
    await out.close();
  }
  return hash.digest('hex');
}

async function fileSha(path: string): Promise<string | null> {
  const input = await readRegularFileOrNullStream(path);
  if (input === null) return null;
  const hash = createHash('sha256');
  for await (const chunk of input as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}
