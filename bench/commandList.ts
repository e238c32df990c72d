import { join } from 'node:path';

/** The commands held to bounded memory (decision 52): bench/commandMemory.bench.ts measures them, test/long/ checks them. */

/** Where one size's run lives: the session in a project folder of its own, and room for what commands write. */
export interface Place {
  readonly scratch: string;
  readonly projects: string;
  readonly project: string;
  readonly file: string;
}

/** README's CLI section; nothing a command writes lands beside the transcript (checked after each size). */
export const COMMANDS: ReadonlyArray<readonly [name: string, args: (at: Place) => string[]]> = [
  ['inspect', (at) => ['inspect', at.file]],
  ['inspect --json', (at) => ['inspect', at.file, '--json']],
  ['replay', (at) => ['replay', at.file]],
  ['replay --json', (at) => ['replay', at.file, '--json']],
  ['replay --html', (at) => ['replay', at.file, '--html', join(at.scratch, 'replay-page.html')]],
  // `report` takes a folder: the project folder that holds only this session.
  ['report', (at) => ['report', at.project]],
  ['report --html', (at) => ['report', at.project, '--html', join(at.scratch, 'report', 'index.html')]],
  ['compact --dry-run', (at) => ['compact', at.file, '--dry-run', '--model', 'offline']],
  ['audit', (at) => ['audit', at.file]],
  ['context', (at) => ['context', at.file]],
  [
    'notes',
    (at) => [
      'notes',
      at.file,
      '--model',
      'offline',
      '--notes',
      join(at.scratch, 'notes', 'summary.md'),
      '--effects',
      join(at.scratch, 'notes', 'effects.jsonl'),
    ],
  ],
  ['extract', (at) => ['extract', at.projects, '--model', 'offline', '--out', join(at.scratch, 'extract-out')]],
  [
    'extract --per-turn',
    (at) => ['extract', at.projects, '--per-turn', '--model', 'offline', '--out', join(at.scratch, 'extract-per-turn-out')],
  ],
];
