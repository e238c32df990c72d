import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockBody, consoleBlocks, withBodies } from './consoleBlocks.js';
import { openWorkspace, type CliStart } from './runSample.js';

/** The pages whose console samples are checked, from the repository's root. */
export const DOC_PAGES = ['README.md', 'docs/cli.md', 'docs/library.md', 'docs/development.md'] as const;

export interface SampleDrift {
  readonly line: string;
  readonly shown: string;
  readonly printed: string;
}

export interface PageCheck {
  readonly page: string;
  readonly commands: number;
  readonly drifts: readonly SampleDrift[];
  /** The page with every sample's output as printed. */
  readonly rewritten: string;
}

/** Runs each page's samples in a workspace of its own and compares what they print with what the page shows. */
export function checkPages(repoRoot: string, pages: readonly string[], cli: CliStart): PageCheck[] {
  return pages.map((page) => checkPage(repoRoot, join(page), cli));
}

function checkPage(repoRoot: string, page: string, cli: CliStart): PageCheck {
  const text = readFileSync(page, 'utf8');
  const blocks = consoleBlocks(text);
  const workspace = openWorkspace(repoRoot, cli);
  try {
    const drifts: SampleDrift[] = [];
    const bodies = blocks.map((block) =>
      blockBody(
        block.commands.map(({ line, shown }) => {
          const printed = workspace.run(line);
          if (printed !== shown) drifts.push({ line, shown, printed });
          return { line, output: printed };
        }),
      ),
    );
    const commands = blocks.reduce((sum, block) => sum + block.commands.length, 0);
    return { page, commands, drifts, rewritten: withBodies(text, blocks, bodies) };
  } finally {
    workspace.remove();
  }
}
