import { resolve } from 'node:path';
import { findTranscriptFiles, sessionFileOf, type SkippedPath, type TranscriptFile } from '../transcript/transcriptFiles.js';

/** A transcript to index, named by its project folder and its session. */
export type SessionFile = TranscriptFile;

export { sessionFileOf };

/**
 * Every transcript under the given paths (projects folders, project folders or files), absolute,
 * each once, found as every command finds them (decision 107), and what the walk could not take
 * (a link loop, a dangling link). A path that is not there is an error: an empty result would read
 * as "never said".
 */
export function sessionFilesOf(paths: readonly string[]): { readonly files: SessionFile[]; readonly skipped: readonly SkippedPath[] } {
  const found = findTranscriptFiles(paths.map((path) => resolve(path)));
  return { files: [...found.files], skipped: found.skipped };
}

/** The transcripts alone of `sessionFilesOf`. */
export function findSessionFiles(paths: readonly string[]): SessionFile[] {
  return sessionFilesOf(paths).files;
}
