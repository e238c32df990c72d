import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { fcRuns } from '../../support/fcRuns.js';

// Decision 69: nothing saved comes from a block the person pasted, whatever the block says.
const MARK = 'zqxpasted';

/** What a pasted line says: words that would make a rule or a fact if the person had said them, and the mark. */
const pastedWords = fc
  .constantFrom(
    'we always deploy from the release branch',
    'never retry the migration step',
    'I prefer rebasing to merging',
    'the dashboard is at https://grafana.example.com/d/abc',
    'I left it untouched rather than rewriting it',
    'from now on use port 4000',
  )
  .map((words) => `${words} ${MARK}`);

const lines = fc.array(pastedWords, { minLength: 1, maxLength: 4 });

/** Pasted blocks of every kind: a log, a stack trace, a diff, a report, in fences, in tags or bare. */
const pasted = fc.oneof(
  lines.map((ls) => `\`\`\`\n${ls.join('\n')}\n\`\`\``),
  fc
    .tuple(fc.constantFrom('ci-log', 'job-report', 'agent-output', 'stdout'), lines)
    .map(([tag, ls]) => `<${tag}>\n${ls.join('\n')}\n</${tag}>`),
  lines.map((ls) => ls.map((l, i) => `2026-03-0${(i % 9) + 1}T10:0${i % 9}:00Z ERROR ${l}`).join('\n')),
  lines.map((ls) => `Error: ${ls[0]}\n${ls.map((_, i) => `    at step${i} (src/step${i}.ts:${i + 1}:3)`).join('\n')}`),
  lines.map(
    (ls) => `diff --git a/src/a.ts b/src/a.ts\n@@ -1,2 +1,2 @@\n${ls.map((l, i) => `${i % 2 === 0 ? '-' : '+'}// ${l}`).join('\n')}`,
  ),
  lines.map((ls) => ls.map((l) => `> ${l}`).join('\n')),
  fc
    .tuple(fc.constantFrom("Here is the nightly job's report:", 'The other agent wrote:', 'CI says:'), lines)
    .map(([lead, ls]) => `${lead}\n\n${ls.map((l) => `${l.charAt(0).toUpperCase()}${l.slice(1)}.`).join(' ')}`),
);

/** What the person says around the paste, a rule among it at times. */
const own = fc.constantFrom(
  '',
  'Always run the linter before you push.',
  'Why does this fail?',
  'I prefer small commits.',
  'Please look into this.',
  'We use pnpm, never npm.',
);

describe('a pasted block in the person’s message', () => {
  it('gives no saved statement any of its words', () => {
    fc.assert(
      fc.property(own, pasted, own, (before, paste, after) => {
        const said = [before, paste, after].filter((part) => part !== '').join('\n\n');
        const messages: ModelMessage[] = [
          { role: 'assistant', content: [{ type: 'text', text: 'I ran the suite.' }] },
          { role: 'user', content: said },
        ];
        for (const statement of findMemoryStatements(messages)) {
          expect(statement.text).not.toContain(MARK);
          expect(statement.quote).not.toContain(MARK);
        }
      }),
      { numRuns: fcRuns },
    );
  });
});
