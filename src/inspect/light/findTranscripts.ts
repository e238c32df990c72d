import { findTranscriptFiles, type FoundTranscripts } from '../../transcript/transcriptFiles.js';

/**
 * Every `.jsonl` transcript under the given paths (memlog's own `.memlog.jsonl` effect logs aside), sorted, each once, and
 * what the walk could not take, as every command finds them (decision 107): links are followed, loops read once, a link
 * that cannot be followed named with why. A path given directly is followed, and refused when it is neither a folder nor a
 * regular file.
 */
export async function findTranscripts(paths: readonly string[]): Promise<FoundTranscripts> {
  return Promise.resolve(findTranscriptFiles(paths));
}

export type { FoundTranscripts, SkippedPath, TranscriptFile } from '../../transcript/transcriptFiles.js';
