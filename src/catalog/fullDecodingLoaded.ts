import { toEntry } from '../transcript/entrySchema.js';
import { LineDecoder } from '../transcript/lineDecoder.js';
import { provideFullDecoding } from './fullDecoding.js';
import { lightEntriesOf } from './lightEntriesOf.js';

// Importing this module is loading the full decoding in this thread (fullDecoding.ts, decision 96).
provideFullDecoding({ LineDecoder, toEntry, lightEntriesOf });
