/**
 * A file read from its start is cut in parts from this size on, when the cores would otherwise sit idle (decision 87).
 * A module of its own: foldAll checks a lone file's size before it loads the parts' modules (decision 103).
 */
export const SPLIT_FROM_BYTES = 64 * 1024 * 1024;
