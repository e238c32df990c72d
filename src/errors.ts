/**
 * The one exception hierarchy of memlog. Bad input is never an exception (it becomes a
 * diagnostic in the stream); these are for configuration errors and broken contracts.
 */
export type MemlogErrorCode =
  'config' | 'not_found' | 'path_escape' | 'permission_denied' | 'invalid_argument' | 'io' | 'model' | 'bad_output' | 'invariant';

export class MemlogError extends Error {
  readonly code: MemlogErrorCode;
  readonly context: Readonly<Record<string, unknown>>;

  constructor(code: MemlogErrorCode, message: string, context: Record<string, unknown> = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.context = context;
  }
}

export class ConfigError extends MemlogError {
  constructor(message: string, context: Record<string, unknown> = {}) {
    super('config', message, context);
  }
}

export class InvalidArgumentError extends MemlogError {
  constructor(message: string, context: Record<string, unknown> = {}) {
    super('invalid_argument', message, context);
  }
}

export class PathEscapeError extends MemlogError {
  constructor(message: string, context: Record<string, unknown> = {}) {
    super('path_escape', message, context);
  }
}

/** Why a line or file could not become data. Stores add their own codes later. */
export type DiagnosticCode =
  | 'malformed_json'
  | 'schema_mismatch'
  | 'truncated_line'
  | 'line_too_long'
  | 'invalid_utf8'
  | 'read_error'
  | 'unsupported_version'
  /** A whole file: entries, none of a kind Claude Code writes (another tool's log). */
  | 'not_claude_code';

/**
 * Bad input as a value: where it is (1-based line, byte offset of the line's start) and the
 * raw text, so nothing is silently lost. For `line_too_long` the raw text is a prefix.
 */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly line: number;
  readonly offset: number;
  readonly raw: string;
  readonly message: string;
  /** For `line_too_long`: the whole line's bytes from `offset`, so it can be read from the file. */
  readonly length?: number;
}

/** The `default` of an exhaustive switch: a new union member breaks the build here. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}

/** A model call failed: an HTTP status from the provider, a timeout, a dropped connection. */
export class ModelPortError extends MemlogError {
  /** The HTTP status, when the provider answered. */
  readonly status: number | null;
  readonly retryable: boolean;
  /** The caller aborted the call: not a fault, and not worth retrying. */
  readonly aborted: boolean;

  constructor(message: string, status: number | null, context: Record<string, unknown> = {}, options?: ErrorOptions) {
    super('model', message, { ...context, status }, options);
    this.status = status;
    this.aborted = context['aborted'] === true;
    this.retryable = !this.aborted && (status === null || status === 408 || status === 409 || status === 429 || status >= 500);
  }
}

/**
 * A promise memlog's own code broke: an index it keeps in range, a key it put in a map. A bug,
 * never bad input, so it is thrown rather than reported as a diagnostic (decision 76).
 */
export class InvariantError extends MemlogError {
  constructor(message: string, context: Record<string, unknown> = {}) {
    super('invariant', message, context);
  }
}

/** Throws the InvariantError for a `what` with no element at `key`: `array[i] ?? missing('seq', i)`. */
export function missing(what: string, key: unknown): never {
  throw new InvariantError(`${what} has nothing at ${String(key)}`, { what, key });
}

/** The element at `index` of an array the caller keeps `index` in range of (decision 76). */
export function elementAt<T>(array: ArrayLike<T>, index: number, what = 'array'): T {
  const value = array[index];
  return value === undefined ? missing(what, index) : value;
}

/** The value of a key the caller put in the map (decision 76). */
export function valueOf<K, V>(map: ReadonlyMap<K, V>, key: K, what = 'map'): V {
  const value = map.get(key);
  return value === undefined ? missing(what, key) : value;
}
