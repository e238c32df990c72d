import pg from 'pg';
import { StorageUnavailable } from './teamStorage.js';

/**
 * SQLSTATEs after which the same request may well succeed a moment later (besides class 08,
 * connection exceptions): the server shutting down or starting, too many connections, this
 * session's idle-in-transaction timeout, a statement timeout, a serialization failure, a deadlock.
 */
const TRANSIENT_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25P03', '57014', '40001', '40P01']);
/** lock_not_available: the repository's lock was not granted before the write's deadline (decision 62). */
const LOCK_TIMEOUT = '55P03';
/** What pg and its pool say, as plain Errors, of a connection lost, refused or never made. */
const CONNECTION_LOST =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;

/**
 * The error a driver call failed with, as the storage port reports it: a StorageUnavailable when
 * a retry may succeed (the server answers 503), else unchanged (a bug or a broken schema: 500).
 */
export function storageError(error: unknown): unknown {
  if (error instanceof StorageUnavailable) return error;
  if (error instanceof pg.DatabaseError) {
    const code = error.code ?? '';
    if (code === LOCK_TIMEOUT)
      return new StorageUnavailable('busy', "another write held the repository past this write's deadline", { cause: error });
    return code.startsWith('08') || TRANSIENT_STATES.has(code) ? unavailable(error) : error;
  }
  if (!(error instanceof Error)) return error;
  // A socket error (ECONNREFUSED, ECONNRESET, ETIMEDOUT, …) carries the system call that failed.
  return 'syscall' in error || CONNECTION_LOST.test(error.message) ? unavailable(error) : error;
}

const unavailable = (error: Error): StorageUnavailable =>
  new StorageUnavailable('unavailable', `the team database is unavailable: ${error.message}`, { cause: error });
