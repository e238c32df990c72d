import { join } from 'node:path';
import { REAL_ROOT } from './realGold.js';

/**
 * A second, independent reading of some development sessions, in the gold format (decision 154):
 * written by a reader who saw neither the benchmark's gold for them nor any extractor's output.
 */
export const SECOND_READING = join(REAL_ROOT, 'second');
