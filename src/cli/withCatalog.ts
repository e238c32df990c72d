import type { SessionCatalog } from '../catalog/index.js';
import { describeFailure } from '../fs/index.js';

/**
 * Runs `use` over the session catalog at `path` (the default one when undefined; its code loaded only now). A catalog
 * that cannot be opened is said once on stderr and `use` is not run: undefined comes back, and the caller reads every
 * file the ordinary way.
 */
export async function withCatalog<T>(path: string | undefined, use: (catalog: SessionCatalog) => Promise<T>): Promise<T | undefined> {
  const { SessionCatalog, defaultCatalogPath, openCatalogDb } = await import('../catalog/index.js');
  let db;
  try {
    db = openCatalogDb(path ?? defaultCatalogPath());
  } catch (error) {
    const message = describeFailure(error);
    if (message === undefined) throw error;
    process.stderr.write(`memlog: ${message}; reading every file\n`);
    return undefined;
  }
  try {
    return await use(new SessionCatalog(db));
  } finally {
    db.close();
  }
}
