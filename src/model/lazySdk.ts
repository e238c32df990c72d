import { ModelPortError } from '../errors.js';

/**
 * A value made on first use and kept once made. A failed attempt is not kept: the next call tries again, so a
 * package installed, or a transient fault gone, after the first failure is used (decision 118).
 */
export function onceMade<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    if (made !== undefined) return made;
    const attempt: Promise<T> = make().catch((error: unknown) => {
      if (made === attempt) made = undefined;
      throw error;
    });
    made = attempt;
    return attempt;
  };
}

/**
 * An SDK package imported on the first call that needs it (decision 118), kept once it loads. When it cannot be
 * loaded the call fails with a ModelPortError that names the package, and says how to install it when it is missing.
 */
export function lazySdk<M>(packageName: string, importer: () => Promise<M>): () => Promise<M> {
  return onceMade(async () => {
    try {
      return await importer();
    } catch (error) {
      throw sdkLoadError(packageName, error);
    }
  });
}

function sdkLoadError(packageName: string, error: unknown): ModelPortError {
  const cause = error instanceof Error ? error.message.split('\n')[0] : String(error);
  // A rejection need not be an object: `undefined` or a string has no code, and must not throw here.
  const notFound = (error as { code?: unknown } | null | undefined)?.code === 'ERR_MODULE_NOT_FOUND';
  const missing = notFound && cause?.includes(`'${packageName}'`) === true;
  return new ModelPortError(loadFailure(packageName, cause, missing, notFound), null, { package: packageName, missing }, { cause: error });
}

/**
 * What went wrong, and what the user can do. A retry is promised only for a module not found: Node keeps a module that
 * threw while it loaded in its failed state, so importing it again fails the same way (decision 118, reviewed).
 */
function loadFailure(packageName: string, cause: string | undefined, missing: boolean, notFound: boolean): string {
  if (missing)
    return `the package ${packageName} is not installed, and this model needs it: run \`npm install ${packageName}\` where memlog is installed (or reinstall memlog), then try again`;
  const failed = `the package ${packageName} could not be loaded (${cause})`;
  return notFound ? `${failed}; the next call tries again` : failed;
}
