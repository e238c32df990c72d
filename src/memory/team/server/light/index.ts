/**
 * What `memlog team serve`'s options show of the server without loading it (its protocol's schemas, the database
 * drivers): its defaults. The server itself is loaded when it starts (decision 118).
 */
export { DEFAULT_MAX_ENTRIES } from '../entryLimit.js';
