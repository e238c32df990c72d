/**
 * The console samples of a Markdown page: every fenced block of language `console` is a run of
 * `$ memlog …` commands, each followed by what it printed. Pure text work, so the checker and
 * the writer read and rebuild a page the same way.
 */

/** One command of a block, with the output the page shows for it. */
export interface SampleCommand {
  /** The words after `$ ` (`memlog extract fixtures/projects 2>&1`). */
  readonly line: string;
  readonly shown: string;
}

export interface ConsoleBlock {
  /** Offsets of the block's body (between its fences) in the page. */
  readonly start: number;
  readonly end: number;
  readonly commands: readonly SampleCommand[];
}

const FENCE = /^```console\n([\s\S]*?)^```$/gm;

export function consoleBlocks(page: string): ConsoleBlock[] {
  return [...page.matchAll(FENCE)].map((match) => {
    const start = (match.index ?? 0) + '```console\n'.length;
    const body = match[1] ?? '';
    return { start, end: start + body.length, commands: commandsOf(body) };
  });
}

function commandsOf(body: string): SampleCommand[] {
  const commands: Array<{ line: string; shown: string[] }> = [];
  for (const text of body.split('\n').slice(0, -1)) {
    if (text.startsWith('$ ')) commands.push({ line: text.slice(2), shown: [] });
    else commands.at(-1)?.shown.push(text);
  }
  return commands.map(({ line, shown }) => ({ line, shown: shown.map((text) => `${text}\n`).join('') }));
}

/** The block's body as it should read, each command followed by the output it really printed. */
export function blockBody(commands: ReadonlyArray<{ line: string; output: string }>): string {
  return commands.map(({ line, output }) => `$ ${line}\n${output}`).join('');
}

/** The page with each block's body replaced by the given one (bodies in block order). */
export function withBodies(page: string, blocks: readonly ConsoleBlock[], bodies: readonly string[]): string {
  let result = '';
  let at = 0;
  blocks.forEach((block, i) => {
    result += page.slice(at, block.start) + (bodies[i] ?? '');
    at = block.end;
  });
  return result + page.slice(at);
}
