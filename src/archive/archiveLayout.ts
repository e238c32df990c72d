import { homedir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../fs/sha256.js';
import { codecExtension, type PieceCodec } from './pieceCodec.js';

/** The manifest: one JSON line per stored piece, appended after the piece is in place (decision 73). */
export const manifestPath = (archiveDir: string): string => join(archiveDir, 'manifest.jsonl');

/** One `memlog archive` at a time on an archive. */
export const lockPath = (archiveDir: string): string => join(archiveDir, 'lock');

/** Present while a run is storing pieces: a run that finds it sweeps the pieces a killed run left unrecorded. */
export const unfinishedPath = (archiveDir: string): string => join(archiveDir, 'unfinished');

export const piecesDir = (archiveDir: string): string => join(archiveDir, 'pieces');

/**
 * Where a piece lives, relative to the archive: one folder per archived file, named by a hash of
 * its key (keys can be longer than a file name may be), and a name fixed by what the piece holds,
 * so a rerun after a kill writes the same piece over the one left unrecorded.
 */
export function pieceRelPath(key: string, version: number, start: number, end: number, codec: PieceCodec): string {
  return `pieces/${sha256Hex(key).slice(0, 20)}/${version}-${start}-${end}.${codecExtension(codec)}`;
}

/** `MEMLOG_ARCHIVE`, else `~/.memlog/archive`. */
export function defaultArchiveDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const configured = env['MEMLOG_ARCHIVE'];
  return configured !== undefined && configured !== '' ? configured : join(home, '.memlog', 'archive');
}
