/**
 * Where tests break the disk. Every change memlog makes to the file system passes one fault
 * point here (see `faultableFs.ts`), so a test can make exactly the Nth change fail the way a
 * full disk, a dying disk or a revoked permission makes it fail, and then check that nothing was
 * lost or recorded as done. Unarmed (always, outside tests) a fault point only counts.
 */
export type FaultKind = 'ENOSPC' | 'EIO' | 'EACCES' | 'short';

export interface FaultPlan {
  /** The 1-based fault point that fails. */
  readonly at: number;
  /** `short`: a write puts down part of its bytes, and from then on the disk is full. */
  readonly kind: FaultKind;
  /**
   * The disk stays broken after the fault: every later change that needs space fails the same
   * way. Removing a file still works, as it does on a real full disk.
   */
  readonly sticky?: boolean;
}

/**
 * A kind of change: the ones that need no space (removing a file gives some back, setting its
 * times changes only its inode) keep working on a full disk.
 */
export type FaultOp = 'open' | 'write' | 'mkdir' | 'link' | 'copyFile' | 'rename' | 'utimes' | 'fsync' | 'rm';
const SPACELESS: ReadonlySet<FaultOp> = new Set(['rm', 'utimes']);

interface SeamState {
  plan: FaultPlan | null;
  calls: number;
  fired: boolean;
  /** After a sticky fault or a short write: the code every later allocating change fails with. */
  broken: 'ENOSPC' | 'EIO' | 'EACCES' | null;
  trail: string[];
}

const state: SeamState = { plan: null, calls: 0, fired: false, broken: null, trail: [] };

const MESSAGES = { ENOSPC: 'no space left on device', EIO: 'i/o error', EACCES: 'permission denied' } as const;

function errnoError(code: keyof typeof MESSAGES, op: FaultOp, path: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${code}: ${MESSAGES[code]}, ${op} '${path}'`);
  error.code = code;
  error.syscall = op;
  error.path = path;
  error.errno = code === 'ENOSPC' ? -28 : code === 'EIO' ? -5 : -13;
  return error;
}

/** Counts a change and throws when the plan says this one fails. */
export function faultPoint(op: FaultOp, path: string): void {
  state.calls++;
  if (state.plan === null) return;
  state.trail.push(`${state.calls} ${op} ${path}`);
  if (state.broken !== null && !SPACELESS.has(op)) throw errnoError(state.broken, op, path);
  if (state.fired || state.calls !== state.plan.at) return;
  state.fired = true;
  const code = state.plan.kind === 'short' ? 'ENOSPC' : state.plan.kind;
  if (state.plan.sticky === true) state.broken = code;
  throw errnoError(code, op, path);
}

/**
 * How many of `length` bytes a write may put down: all of them, unless this write is the one a
 * `short` plan picked, which writes about half and leaves the disk full after it.
 */
export function writeAllowance(path: string, length: number): number {
  state.calls++;
  if (state.plan === null) return length;
  state.trail.push(`${state.calls} write ${path} (${length} bytes)`);
  if (state.broken !== null) throw errnoError(state.broken, 'write', path);
  if (state.fired || state.calls !== state.plan.at) return length;
  state.fired = true;
  if (state.plan.kind !== 'short') {
    if (state.plan.sticky === true) state.broken = state.plan.kind;
    throw errnoError(state.plan.kind, 'write', path);
  }
  state.broken = 'ENOSPC';
  return length <= 1 ? 0 : Math.floor(length / 2);
}

/** The error a write that was allowed no bytes raises (what write(2) says on a full disk). */
export const noSpaceError = (path: string): NodeJS.ErrnoException => errnoError('ENOSPC', 'write', path);

export interface FaultRun<T> {
  readonly result: { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };
  /** Fault points passed while the plan was armed. */
  readonly calls: number;
  readonly fired: boolean;
  /** Each fault point passed, as `n op path`: what a failing property prints. */
  readonly trail: readonly string[];
}

/**
 * Runs `work` with the plan armed (none: only counts), then disarms it. One at a time: the seam
 * is process-wide, as the disk is.
 */
export async function withFaults<T>(plan: FaultPlan | null, work: () => Promise<T>): Promise<FaultRun<T>> {
  if (state.plan !== null) throw new Error('withFaults: a fault plan is armed already');
  state.plan = plan ?? { at: 0, kind: 'EIO' };
  state.calls = 0;
  state.fired = false;
  state.broken = null;
  state.trail = [];
  try {
    const value = await work();
    return { result: { ok: true, value }, calls: state.calls, fired: state.fired, trail: state.trail };
  } catch (error) {
    return { result: { ok: false, error }, calls: state.calls, fired: state.fired, trail: state.trail };
  } finally {
    state.plan = null;
    state.broken = null;
  }
}
