/**
 * Lines git prints (decision 106): a fetch's or push's source and target, its ref updates, the
 * remote's messages, a commit's file modes, the branch's state. Pasted without a line announcing
 * them, they read as sentences; "From https://github.com/acme/widgets" became a reference.
 */
export const GIT_OUTPUT_LINE = new RegExp(
  [
    String.raw`^\s*(?:From|To)\s+(?:https?:\/\/|ssh:\/\/|git@|[\w.-]+:[\w.-]+\/)\S+\s*$`, // a fetch's or push's remote
    String.raw`^\s*[*!+=-]?\s*\[(?:new branch|new tag|new ref|rejected|remote rejected|up to date|deleted)\]`, // a ref update
    String.raw`^\s*\*\s+branch\s+\S+\s+->\s+\S+`, // " * branch  main -> FETCH_HEAD"
    String.raw`^\s*\+?[0-9a-f]{7,40}\.{2,3}[0-9a-f]{7,40}\s+\S+\s+->\s+\S+`, // "3fa91c2..9c1e2d4  main -> origin/main"
    String.raw`^remote:\s`, // the remote's own messages, lower case as git prints them
    String.raw`^\s*(?:create|delete) mode \d{6}\s`,
    String.raw`^\s*(?:Your branch is (?:ahead of|behind|up to date with) '|Current branch \S+ is up to date\.|Already up to date\.|Switched to (?:a new )?branch '|nothing to commit, working tree clean)`,
  ].join('|'),
);

/** Whether a line is one git printed. */
export function isGitOutputLine(line: string): boolean {
  return GIT_OUTPUT_LINE.test(line);
}
