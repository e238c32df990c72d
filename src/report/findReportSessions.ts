import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { MemlogError } from '../errors.js';
import { isRegularFile } from '../fs/fileKind.js';
import { findTargets } from '../jobs/extraction/findTargets.js';
import { effectLogPath } from '../pipeline/effectLog.js';

/** A session the report covers, with the effect logs that may speak for it, in the order they are trusted. */
export interface ReportSession {
  /** The project's name under the root (no host path). */
  readonly project: string;
  /** The transcript's file name without `.jsonl`. */
  readonly session: string;
  readonly path: string;
  readonly effectLogs: readonly string[];
  /** The project's memory directory under `--out`, whose consolidation log says what phase 2 wrote; null without `--out`. */
  readonly memoryDir: string | null;
}

export interface ReportSessionOptions {
  /** memlog's output folder (`memlog extract --out`); its `<project>/effects/` hold extraction logs. */
  readonly out?: string;
  /** A folder of `<session>.memlog.jsonl` files to read first. */
  readonly effectsDir?: string;
}

/**
 * The sessions under a projects folder (or one project folder), as `memlog extract` finds them:
 * each project's sessions oldest first, subagent transcripts and effect logs aside.
 */
export function findReportSessions(root: string, options: ReportSessionOptions = {}): ReportSession[] {
  if (!existsSync(root)) throw new MemlogError('not_found', `no folder ${root}`);
  if (!statSync(root).isDirectory())
    throw new MemlogError(
      'invalid_argument',
      `${root} is a file; memlog report takes a projects folder or one project folder (memlog replay --html draws one transcript)`,
    );
  if (options.out !== undefined && !existsSync(options.out)) throw new MemlogError('not_found', `no output folder ${options.out}`);
  if (options.effectsDir !== undefined && !existsSync(options.effectsDir))
    throw new MemlogError('not_found', `no effects folder ${options.effectsDir}`);
  // A report only reads: the output folder is named, never made (the root stands in when there is none).
  const targets = findTargets(root, options.out ?? root, false, { planOnly: true });
  const realRoot = realpathSync(resolve(root));
  return targets.flatMap((target) =>
    target.sessions.map((path) => {
      const logName = basename(effectLogPath(path));
      const candidates = [
        ...(options.effectsDir === undefined ? [] : [join(options.effectsDir, logName)]),
        ...(options.out === undefined ? [] : [target.effectLog(path)]),
        effectLogPath(path),
      ];
      return {
        // Named as extract names its output folder and every other command the project (decision 107).
        project: relative(realRoot, target.projectDir).split(sep).join('__') || basename(target.projectDir),
        session: basename(path).replace(/\.jsonl$/, ''),
        path,
        // Regular files only: a pipe named like an effect log would block the report's read.
        effectLogs: [...new Set(candidates)].filter(isRegularFile),
        memoryDir: options.out === undefined ? null : target.memoryDir,
      };
    }),
  );
}
