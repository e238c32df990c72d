import { parseArgs } from 'node:util';
import type { Runner } from './versions.js';

export interface CompareOptions {
  readonly base: string;
  /** A git ref, or `.` for the working tree as it is. */
  readonly head: string;
  /** Only invocations whose label matches one of these regular expressions; all when empty. */
  readonly filters: readonly RegExp[];
  /** What changed on purpose (decision 92); scripts/compareOutputs.intended.json by default. */
  readonly intended: string | null;
  readonly json: boolean;
  readonly concurrency: number;
  readonly timeoutMs: number;
  /** Sizes in MB of generated transcripts to add to the fixtures (bench/corpus.ts); none by default. */
  readonly generatedMb: readonly number[];
  readonly runner: Runner;
  /** `--json` reports of earlier runs to judge against the intended list instead of running. */
  readonly judge: readonly string[];
}

export const USAGE = `usage: npx tsx scripts/compareOutputs.ts --base <git-ref> [--head <git-ref>|.] [options]

Runs every memlog command over every fixture with two versions of the sources and compares
exit status, stdout, stderr and every file written, byte for byte after normalisation.

  --base <ref>         the version to compare against (required)
  --head <ref>|.       the version under test; . (default) is the working tree as it is
  --filter <regex>     only invocations whose label matches this regular expression
                       (repeatable; plain text matches labels that hold it)
  --intended <file>    the differences made on purpose, each with its decision
                       (default: scripts/compareOutputs.intended.json, used when its
                       base is this --base); --intended none: every difference fails
  --json               print the report as one JSON object
  --judge <report>     run nothing: judge the --json reports of earlier runs of the same
                       two commits (repeatable; merged by label, the later file winning)
                       against the intended list, e.g. after editing the list
  --concurrency <n>    invocations run side by side (default 2)
  --timeout <seconds>  per command and version (default 600)
  --generated <mb,..>  also generated transcripts of these sizes (bench/corpus.ts), e.g. 20,200
  --bundle             run each version as one esbuild bundle instead of through tsx's
                       loader: about 2.5 times faster, but modules are no longer loaded one by one
  -h, --help           this text

Exit status: 0 nothing differs but what the intended list names (and all it names does),
1 otherwise, 2 usage error, 3 could not run (a version's CLI does not start, git failed,
the intended list is not valid).`;

/** Thrown for arguments that cannot be run: exit status 2 with the usage text. */
export class UsageError extends Error {}

/** The command line, checked; `--help` comes back as null. */
export function parseOptions(argv: readonly string[]): CompareOptions | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        base: { type: 'string' },
        head: { type: 'string', default: '.' },
        filter: { type: 'string', multiple: true, default: [] },
        intended: { type: 'string' },
        judge: { type: 'string', multiple: true, default: [] },
        json: { type: 'boolean', default: false },
        concurrency: { type: 'string', default: '2' },
        timeout: { type: 'string', default: '600' },
        generated: { type: 'string', default: '' },
        bundle: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return null;
  if ((values.base === undefined || values.base === '') && values.judge.length === 0) throw new UsageError('--base <git-ref> is required');
  const generatedMb = values.generated === '' ? [] : values.generated.split(',').map((mb) => positive(mb, '--generated'));
  return {
    base: values.base ?? '',
    head: values.head,
    filters: values.filter.map(pattern),
    intended: values.intended === 'none' ? null : (values.intended ?? DEFAULT_INTENDED),
    json: values.json,
    concurrency: positive(values.concurrency, '--concurrency', true),
    timeoutMs: positive(values.timeout, '--timeout') * 1000,
    generatedMb,
    runner: values.bundle ? 'bundle' : 'tsx',
    judge: values.judge,
  };
}

/** Where the intended differences are kept, relative to the repository. */
export const DEFAULT_INTENDED = 'scripts/compareOutputs.intended.json';

function pattern(text: string): RegExp {
  try {
    return new RegExp(text);
  } catch (error) {
    throw new UsageError(`--filter takes a regular expression: ${(error as Error).message}`);
  }
}

function positive(text: string, flag: string, integer = false): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || text.trim() === '' || (integer && !Number.isInteger(value))) {
    throw new UsageError(`${flag} takes a positive ${integer ? 'whole ' : ''}number, not ${JSON.stringify(text)}`);
  }
  return value;
}
