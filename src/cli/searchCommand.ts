import { InvalidArgumentError, Option, type Command } from 'commander';
import { searchedPlaces, searchSessionsAndArchives } from '../archive/index.js';
import { defaultIndexPath, projectName, type IndexReport, type SearchHit } from '../search/index.js';
import { dateBound } from '../transcript/time/index.js';
import { belowGiven } from './belowGiven.js';
import { saySkipped } from './skippedFiles.js';
import { unreadableList } from './unreadableJson.js';
import { positive } from './triggerOptions.js';

interface SearchOptions {
  readonly project?: string[];
  readonly since?: string;
  readonly until?: string;
  readonly role?: 'user' | 'assistant';
  readonly tools?: boolean;
  readonly limit: number;
  readonly json?: boolean;
  readonly index?: string;
}

const MAX_LIMIT = 1000;

const limit = (value: string): number => {
  const n = positive(value);
  if (n > MAX_LIMIT) throw new InvalidArgumentError(`at most ${MAX_LIMIT}`);
  return n;
};

const day = (name: string) => (value: string) => {
  try {
    return dateBound(value, name);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
};

/** A bound as an ISO time: a day starts at its midnight, and `--until`'s day includes all of it. */
const startOf = (bound: string): string => (bound.length === 10 ? `${bound}T00:00:00.000Z` : bound);
const endOf = (bound: string): string => (bound.length === 10 ? `${bound}T23:59:59.999Z` : bound);

function hitLines(hit: SearchHit): string {
  const what = hit.kind === 'text' ? hit.role : `${hit.role} ${hit.kind}`;
  const head = `${hit.session}  #${hit.seq}  ${hit.uuid ?? '(no uuid)'}  ${hit.time ?? '(no time)'}  ${what}  ${hit.project}`;
  return `${head}\n  ${hit.snippet.replace(/\s+/g, ' ')}`;
}

/** `memlog search <query> [paths…]`: full-text search over every session, through the on-disk incremental index. */
export function registerSearch(program: Command): void {
  program
    .command('search')
    .description("full-text search over every session's user and assistant text, through an on-disk index kept up to date incrementally")
    .argument('<query>', 'words that must all be there; "a phrase" in quotes; word* for a prefix')
    .argument(
      '[paths...]',
      "projects folders, project folders, transcripts or archives to search (default: Claude Code's projects folder and memlog's archive)",
    )
    .option('--project <name...>', 'only these projects: a project folder name (-home-dev-app) or its working directory (/home/dev/app, .)')
    .option('--since <date>', 'only entries at or after this day or ISO time', day('--since'))
    .option('--until <date>', 'only entries up to this day (inclusive) or ISO time', day('--until'))
    .addOption(new Option('--role <role>', 'only what the user or the assistant said').choices(['user', 'assistant']))
    .option('--tools', "also search tool calls' inputs and tool results")
    .option('--limit <n>', `how many matches at most (default 20, at most ${MAX_LIMIT})`, limit, 20)
    .option('--json', 'one JSON object: the matches, what the index pass did and the paths not read')
    .option('--index <file>', 'the index file (default: MEMLOG_INDEX, else ~/.memlog/index.db)')
    .addHelpText('after', '\nExamples:\n  memlog search "flaky checkout test"\n  memlog search pnpm fixtures/projects --role user --json')
    .action(async (query: string, paths: string[], options: SearchOptions, command: Command) => {
      if (options.since !== undefined && options.until !== undefined && startOf(options.since) > endOf(options.until))
        command.error(`error: --since ${options.since} is after --until ${options.until}: no entry can be in that range`, { exitCode: 2 });
      const { roots, archives } = searchedPlaces(paths);
      // One match past the limit says whether the limit cut the list.
      const {
        hits: found,
        index,
        unreadable,
      } = await searchSessionsAndArchives(options.index ?? defaultIndexPath(), roots, archives, query, {
        ...(options.project === undefined ? {} : { projects: options.project.map(projectName) }),
        ...(options.since === undefined ? {} : { since: options.since }),
        ...(options.until === undefined ? {} : { until: options.until }),
        ...(options.role === undefined ? {} : { role: options.role }),
        tools: options.tools === true,
        limit: options.limit + 1,
      });
      const shown = belowGiven([...roots, ...archives]);
      const hits = found.slice(0, options.limit).map((hit) => ({ ...hit, path: shown(hit.path) }));
      const more = found.length > options.limit;
      const notWalked = unreadable.map((item) => ({ ...item, path: shown(item.path) }));
      const shownIndex = { ...index, skipped: index.skipped.map((item) => ({ ...item, path: shown(item.path) })) };
      // A file that could not be read is named and the others searched; the exit status says so (decision 107).
      saySkipped([...notWalked, ...shownIndex.skipped]);
      // What the walk could not read is no session that failed to index: apart from `index.skipped` (decision 115).
      const json = (): string =>
        `${JSON.stringify({ query, hits, more, index: shownIndex, unreadable: unreadableList(notWalked) }, null, 2)}\n`;
      process.stdout.write(options.json === true ? json() : searchText(hits, more, index, unreadable.length));
    });
}

/** The matches, then one line: how many, over how many files, and whether the limit left some out. */
function searchText(hits: readonly SearchHit[], more: boolean, index: IndexReport, unreadable: number): string {
  const lines = hits.map(hitLines);
  const read = index.read + index.grown;
  const notRead = unreadable + index.skipped.length;
  const skipped = notRead > 0 ? `, ${notRead} skipped` : '';
  const counted = `${hits.length}${more ? ' best' : ''} match${hits.length === 1 ? '' : 'es'}`;
  const cut = more ? `; more match: --limit <n> shows up to ${MAX_LIMIT}` : '';
  lines.push(
    `${counted} over ${index.files} session file${index.files === 1 ? '' : 's'} (${read} read, ${index.unchanged} unchanged since the last search)${skipped}${cut}`,
  );
  return `${lines.join('\n')}\n`;
}
