import { chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';

/**
 * Who a child must run as for a permission to count: root reads a chmod 000 file, so as root the
 * child runs as `nobody`, and the folders from the temp dir down to `dir` are opened to it
 * (0755). Not root: the current user, as is.
 */
export function unprivilegedUser(dir: string): { readonly uid: number; readonly gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const top = resolve(tmpdir());
  for (let current = resolve(dir); current.startsWith(`${top}/`); current = dirname(current)) chmodSync(current, 0o755);
  return { uid: 65534, gid: 65534 };
}
