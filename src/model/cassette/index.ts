/** Recorded model calls: record a run once, replay it by a stable hash of each request. */
export {
  CassetteModel,
  CassetteMissError,
  canonicalJson,
  requestKey,
  CURRENT_CASSETTE_VERSION,
  type CassetteOptions,
} from './cassetteModel.js';
