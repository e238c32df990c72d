import { MemlogError, type MemlogErrorCode } from '../../errors.js';

/** A team-sync request that failed: the server refused, answered garbage, or could not be reached. */
export class TeamSyncError extends MemlogError {
  /** The HTTP status, when the server answered. */
  readonly status: number | null;

  constructor(code: MemlogErrorCode, message: string, status: number | null = null, options?: ErrorOptions) {
    super(code, message, { status }, options);
    this.status = status;
  }
}
