/** The fault seam for tests of code that writes: make the Nth change to the file system fail. */
export { withFaults, type FaultKind, type FaultPlan, type FaultRun } from '../fs/faultSeam.js';
