/** File-system ground rules every layer builds on: whole-line appends, atomic writes, containment, readable I/O errors. */
export { appendWholeLines, appendWholeLinesSync, repairTornTail } from './appendLines.js';
export { atomicWrite } from './atomicWrite.js';
export { resolveInside, isWithin } from './containment.js';
export { describeFailure, describeFsError, fsErrorReason, isFsError, unreadableReason } from './fsError.js';
export { describeFileKind, isFolder, isRegularFile, notATranscriptFile, statOrNull } from './fileKind.js';
export {
  NotRegularFileError,
  openRegular,
  openRegularSync,
  readRegularFile,
  readRegularFileSync,
  readRegularTextOrNull,
  readRegularTextOrNullSync,
} from './regularFile.js';
