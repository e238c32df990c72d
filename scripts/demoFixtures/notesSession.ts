import { NOTES_CWD } from './acmeShop.js';
import { Clock, Ids } from './ids.js';
import { SessionWriter, text } from './sessionWriter.js';

const TURNS: [string, string, number, number][] = [
  [
    "I'm starting a small command-line app for taking notes in markdown files. What's a sensible layout for a Python 3.11 package with a console entry point?",
    [
      'A src layout keeps imports honest and works well with modern packaging:',
      '',
      '```',
      'notes-cli/',
      '  pyproject.toml',
      '  src/notes_cli/',
      '    __init__.py',
      '    __main__.py',
      '    cli.py',
      '    store.py',
      '  tests/',
      '    test_store.py',
      '```',
      '',
      'In `pyproject.toml`, set `requires-python = ">=3.11"` and expose the command with:',
      '',
      '```toml',
      '[project.scripts]',
      'notes = "notes_cli.cli:main"',
      '```',
      '',
      '`store.py` owns reading and writing the markdown files and `cli.py` only parses arguments and calls into it, which keeps the storage logic easy to test.',
    ].join('\n'),
    1_020,
    246,
  ],
  [
    'Actually, use Python 3.12, not 3.11.',
    'Got it, targeting 3.12. Change `requires-python` to `">=3.12"`, and set `target-version = "py312"` if you add ruff. Nothing else in the layout changes; 3.12 also lets you write type aliases with the `type` statement, e.g. `type NoteId = str`.',
    640,
    97,
  ],
  [
    'Would you use argparse or click for the argument parsing?',
    "For a small notes tool I'd start with `argparse`: it ships with Python, so the package has no runtime dependencies, and subcommands (`notes add`, `notes list`, `notes search`) map cleanly onto `add_subparsers()`. Switch to click if you later want prompts, colored output or shell completion without extra work.",
    580,
    121,
  ],
];

/** Session 4: a short text-only chat in another project, outside any git repository. */
export function notesSession(): SessionWriter {
  const ids = new Ids('memlog-demo:notes-cli:chat');
  const clock = Clock.at('2026-03-05T19:45:00.000Z');
  const w = new SessionWriter({ cwd: NOTES_CWD, sessionId: ids.uuid(), gitBranch: '', clock, ids, cacheRead: 7_900 });
  w.aiTitle = 'Python notes CLI project layout';
  TURNS.forEach(([question, answer, create, out], index) => {
    w.prompt(question);
    if (index === 0) {
      const date = clock.iso().slice(0, 10);
      w.attachment({ type: 'date', date }, `Today's date is ${date}.`);
      w.metadata();
    }
    w.say([text(answer)], { create, out });
    w.endTurn();
  });
  return w;
}
