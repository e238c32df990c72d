import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { claudeConfigHome } from '../transcript/index.js';
import { defaultNotesPath, loadContext, nodeFileSource, modelFromOptions, type ModelKind } from '../jobs/index.js';
import { formatContext, type LoadedContext } from '../context/index.js';
import type { AgentMemoryScope } from '../memory/durable/index.js';
import { checkTranscriptArgument, resolveTranscriptArgument } from './transcriptArgument.js';
import { addModelPortOptions, type ModelPortCliOptions } from './modelPortOptions.js';
import { checkOptions, modelOption } from './optionChecks.js';
import { positive } from './triggerOptions.js';
import { extractOutHere } from './extractOut.js';
import { shownPath } from './shownPath.js';

interface ContextCommandOptions extends ModelPortCliOptions {
  readonly json?: boolean;
  readonly full?: boolean;
  readonly cwd?: string;
  readonly configDir?: string;
  readonly managedDir?: string;
  readonly memoryDir?: string;
  readonly memory: boolean;
  readonly recall?: boolean;
  readonly recallModel: ModelKind;
  readonly prompt?: string;
  readonly sessionNotes?: string | boolean;
  readonly agentMemory?: AgentMemoryScope;
  readonly agentType?: string;
  readonly apiModel?: string;
  readonly maxTokens?: number;
  readonly allowExternalIncludes?: boolean;
}

const scope = (value: string): AgentMemoryScope => {
  if (value === 'user' || value === 'project' || value === 'local') return value;
  throw new InvalidArgumentError('expected user, project or local');
};

/** Claude Code's managed-policy folder for this platform. */
function managedDefault(): string {
  if (process.platform === 'darwin') return '/Library/Application Support/ClaudeCode';
  if (process.platform === 'win32') return 'C:\\Program Files\\ClaudeCode';
  return '/etc/claude-code';
}

/** `memlog context <transcript>`: the Messages API request memlog would send next for a session. */
export function registerContext(program: Command): void {
  const command = declareContextOptions(program);
  addModelPortOptions(command);
  checkOptions<ContextCommandOptions>(command, contextConflict)
    .addHelpText(
      'after',
      '\nExamples:\n  memlog context session.jsonl\n  memlog context session.jsonl --json > request.json\n  memlog context session.jsonl --cwd ~/src/app --prompt "What next?" --recall',
    )
    .action(runContext);
}

function declareContextOptions(program: Command): Command {
  return program
    .command('context')
    .description(
      'show the request the model would see next for a session: system prompt with the memory instructions, CLAUDE.md files and the MEMORY.md index as context, memory reminders, and the conversation normalised for the Messages API',
    )
    .argument('<transcript>', 'a transcript .jsonl file, or an archived session id')
    .option('--json', 'print the exact request body (model, max_tokens, system, messages)')
    .option('--full', 'readable view: print every text whole')
    .option('--cwd <dir>', 'the working directory (default: the one the transcript records)')
    .option('--config-dir <dir>', 'Claude config directory, for the user CLAUDE.md and rules (default: CLAUDE_CONFIG_DIR or ~/.claude)')
    .option('--managed-dir <dir>', "managed-policy directory (default: Claude Code's for this platform)")
    .option(
      '--memory-dir <dir>',
      "auto-memory directory (default: the first there of the project's in ./memlog-out, memory/ in the transcript's project folder, and Claude Code's path for the cwd)",
    )
    .option('--no-memory', 'no memory section, index or recall')
    .option('--recall', 'recall mode: no MEMORY.md in context; memories relevant to the prompt are recalled and attached instead')
    .addOption(
      modelOption(
        '--recall-model <kind>',
        'the model that picks memories in recall mode: offline (default), auto, anthropic, openai-compatible or claude-code',
        'offline',
      ),
    )
    .option('--prompt <text>', 'the next user prompt (default: "Continue.")')
    .option('--session-notes [file]', 'also show the session notes on the next turn (default file: where `memlog notes` writes them)')
    .option('--agent-memory <scope>', 'a subagent transcript: put its memory (user, project or local) into its system prompt', scope)
    .option('--agent-type <type>', "the subagent's type (default: from the transcript's .meta.json)")
    .option('--api-model <id>', 'the model id in the request (default: the last one the transcript used)')
    .option('--max-tokens <n>', 'max_tokens in the request (default 32000)', positive)
    .option('--allow-external-includes', 'load @-references that leave the working directory');
}

function contextConflict(options: ContextCommandOptions, given: (key: string) => boolean): string | undefined {
  if (options.recall === true && !options.memory) return '--recall recalls memories; it does not go with --no-memory';
  if (given('recallModel') && options.recall !== true) return '--recall-model picks memories in recall mode; it needs --recall';
  return undefined;
}

async function runContext(given: string, options: ContextCommandOptions): Promise<void> {
  const source = await resolveTranscriptArgument(given);
  checkTranscriptArgument(source);
  const file = resolve(source);
  const context = await loadContext(contextInputs(file, options));
  sayMemoryFolder(context);
  if (options.json === true) {
    for (const d of context.diagnostics) process.stderr.write(`memlog: ${d.code}: ${d.path}: ${d.message}\n`);
    process.stdout.write(`${JSON.stringify(context.request.body, null, 2)}\n`);
    return;
  }
  process.stdout.write(formatContext(given, context, options.full === true ? { full: true } : {}));
}

/** The memory folder the lookup settled on when none was given, on stderr: which of its places it was is no guess (decision 108). */
function sayMemoryFolder(context: LoadedContext): void {
  const lookup = context.memoryLookup;
  if (lookup === undefined) return;
  const line =
    lookup.lookedIn === undefined
      ? `memlog: memories read from ${shownPath(lookup.dir)} (--memory-dir names another folder)`
      : `memlog: no memory folder for this project; looked in ${lookup.lookedIn.map(shownPath).join(', ')} (--memory-dir names one)`;
  process.stderr.write(`${line}\n`);
}

function sessionNotesPath(file: string, options: ContextCommandOptions): string | undefined {
  if (options.sessionNotes === true) return defaultNotesPath(file);
  return typeof options.sessionNotes === 'string' ? options.sessionNotes : undefined;
}

function contextInputs(file: string, options: ContextCommandOptions): Parameters<typeof loadContext>[0] {
  const notes = sessionNotesPath(file, options);
  return {
    transcriptPath: file,
    files: nodeFileSource,
    configDir: options.configDir ?? claudeConfigHome(),
    home: homedir(),
    fallbackCwd: process.cwd(),
    managedDir: options.managedDir ?? managedDefault(),
    memory: options.memory,
    ...(options.cwd === undefined ? {} : { cwd: resolve(options.cwd) }),
    ...(options.memoryDir === undefined ? {} : { memoryDir: resolve(options.memoryDir) }),
    ...extractOutInput(),
    ...(options.recall === true
      ? { mode: 'recall' as const, recallModel: modelFromOptions({ ...options, model: options.recallModel }) }
      : {}),
    ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
    ...(notes === undefined ? {} : { sessionNotes: notes }),
    ...(options.agentMemory === undefined ? {} : { agentMemory: options.agentMemory }),
    ...(options.agentType === undefined ? {} : { agentType: options.agentType }),
    ...(options.apiModel === undefined ? {} : { model: options.apiModel }),
    ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
    ...(options.allowExternalIncludes === true ? { allowExternalIncludes: true } : {}),
  };
}

/** extract's default output folder, absolute, when it is here: its memories are looked for first (decision 108). */
function extractOutInput(): { extractOut?: string } {
  const out = extractOutHere();
  return out === undefined ? {} : { extractOut: resolve(out) };
}
