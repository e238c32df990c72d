import { join } from 'node:path';
import { REAL_ROOT } from './realGold.js';

/**
 * A second, independent reading of the aside half and of some development sessions, in the gold
 * format, each file in its session's half (decision 154): written by readers who saw neither the
 * benchmark's gold for them nor any extractor's output.
 */
export const SECOND_READING = join(REAL_ROOT, 'second');
