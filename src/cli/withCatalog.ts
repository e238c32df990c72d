import type { CatalogDb, SessionCatalog } from '../catalog/index.js';
import { describeFailure } from '../fs/index.js';

/**
 * Runs `use` over the session catalog at `path` (the default one when undefined; its code loaded only now). A catalog
 * that cannot be opened is said once on stderr and `use` is not run: undefined comes back, and the caller reads every
 * file the ordinary way. A catalog another memlog holds locked past the wait is one line (lockedCatalogError). `open`
 * opens the catalog's file: openCatalogDb unless a test gives its own.
 */
export async function withCatalog<T>(
  path: string | undefined,
  use: (catalog: SessionCatalog) => Promise<T>,
  open?: (path: string) => CatalogDb,
): Promise<T | undefined> {
  const { SessionCatalog, defaultCatalogPath, lockedCatalogError, openCatalogDb } = await import('../catalog/index.js');
  const file = path ?? defaultCatalogPath();
  let db;
  try {
    db = (open ?? openCatalogDb)(file);
  } catch (error) {
    const message = describeFailure(error);
    if (message === undefined) throw error;
    process.stderr.write(`memlog: ${message}; reading every file\n`);
    return undefined;
  }
  try {
    return await use(new SessionCatalog(db));
  } catch (error) {
    throw lockedCatalogError(error, file);
  } finally {
    db.close();
  }
}
