/** The records jobs keep beside their effects: the blob store of the texts they wrote. */
export { readBlob } from './blobStore.js';
