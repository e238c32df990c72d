import { ModelPortError } from '../errors.js';

/** Every adapter answers an aborted call the same way: a ModelPortError marked `aborted`. */
export function throwIfAborted(signal: AbortSignal | undefined, adapter: string): void {
  if (signal?.aborted === true) throw new ModelPortError(`${adapter} model call aborted`, null, { aborted: true });
}
