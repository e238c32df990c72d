import { runCli, type CliResult, type RunCliOptions } from './runCli.js';

/**
 * `runCli` for the tests of one file that start the same command on the same input and only read
 * what it printed: each distinct argument list starts one real child, and every later call with
 * the same arguments gets that child's result (decision 118). Only for commands that change
 * nothing their next run reads.
 */
export function sharedRuns(options: RunCliOptions = {}): (args: readonly string[]) => CliResult {
  const results = new Map<string, CliResult>();
  return (args) => {
    const key = JSON.stringify(args);
    const known = results.get(key);
    if (known !== undefined) return known;
    const result = runCli(args, options);
    results.set(key, result);
    return result;
  };
}
