/**
 * `foldFile` for a caller that folds synchronously and may meet any line: it loads the full decoding (the reader's
 * decoder, zod's schemas) with it. The scan's threads import foldFileCore.ts instead and load it only when a line needs
 * it (decision 96).
 */
import './fullDecodingLoaded.js';

export { foldFile, resultOf, type FoldJob, type FoldResult, type OpenFile } from './foldFileCore.js';
