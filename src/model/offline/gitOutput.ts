/**
 * Lines git prints (decision 106): a fetch's or push's source and target, its ref updates, the
 * remote's messages, a commit's file modes, the branch's state. Pasted without a line announcing
 * them, they read as sentences; "From https://github.com/acme/widgets" became a reference. Each
 * pattern matches a whole line as git prints it: a person who says "Already up to date." before a
 * rule, or "remote: always push to origin", is not pasting git (decision 106, amended).
 */
export const GIT_OUTPUT_LINE = new RegExp(
  [
    String.raw`^\s*(?:From|To)\s+(?:https?:\/\/|ssh:\/\/|git@|[\w.-]+:[\w.-]+\/)\S+\s*$`, // a fetch's or push's remote
    // a ref update; the flag and the bracket each once, so a run of spaces is read once
    String.raw`^\s*(?:[*!+=-]\s*)?\[(?:new branch|new tag|new ref|rejected|remote rejected|up to date|deleted)\]\s+\S+\s+->\s+\S`,
    String.raw`^\s*\*\s+branch\s+\S+\s+->\s+\S+\s*$`, // " * branch  main -> FETCH_HEAD"
    String.raw`^\s*\+?[0-9a-f]{7,40}\.{2,3}[0-9a-f]{7,40}\s+\S+\s+->\s+\S+`, // "3fa91c2..9c1e2d4  main -> origin/main"
    // the remote's own messages, lower case as git prints them; a lower-case word then a space is a person's sentence
    String.raw`^remote:(?:\s*$|\s+(?![a-z]+[\s,.]))`,
    String.raw`^\s*(?:create|delete) mode \d{6}\s`,
    // a transfer's progress and a pull's fast-forward, so that a pasted push or pull goes line by line
    String.raw`^\s*(?:(?:Enumerating|Counting|Compressing|Writing|Receiving|Unpacking|Resolving) (?:objects|deltas):|Total \d+ \(delta \d+\)|Delta compression using|Updating [0-9a-f]{7,40}\.\.[0-9a-f]{7,40}\s*$|Fast-forward\s*$)`,
    String.raw`^\s*(?:Your branch is (?:ahead of|behind|up to date with) '[^']+'(?: by \d+ commits?)?(?:, and can be fast-forwarded)?\.?|Current branch \S+ is up to date\.|Already up to date\.|Switched to (?:a new )?branch '[^']+'|nothing to commit, working tree clean)\s*$`,
  ].join('|'),
);

/** Whether a line is one git printed. */
export function isGitOutputLine(line: string): boolean {
  return GIT_OUTPUT_LINE.test(line);
}
