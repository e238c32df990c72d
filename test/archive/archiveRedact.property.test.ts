import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archiveContents, redactedLineByLine } from '../support/archiveContents.js';
import { archiveAndRestoreEach, archiveScene, historyStep, jsonLine, type HistoryStep } from '../support/archiveHistory.js';
import { fcRuns } from '../support/fcRuns.js';

const chars = (alphabet: string, length: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...alphabet), { minLength: length, maxLength: length }).map((all) => all.join(''));
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Credentials the scan finds: an AWS access key id and a GitHub token. */
const secret = fc.oneof(
  chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16).map((s) => `AKIA${s}`),
  chars(ALNUM, 36).map((s) => `ghp_${s}`),
);
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.tuple(fc.string({ maxLength: 20 }), secret).map(([before, key]) => `${before} ${key} here`),
);
const SECRETS = /AKIA[A-Z2-7]{16}|ghp_[A-Za-z0-9]{36}/g;

/**
 * A history in steps, with the secrets it writes. Besides single steps, a line written in two
 * appends with an archive run between them, cut anywhere (a secret too): what a run that reads a
 * transcript while Claude Code writes it sees.
 */
const history = fc
  .array(
    fc.oneof(
      historyStep(jsonLine(text), 6).map((one) => [one]),
      fc.tuple(jsonLine(text), fc.nat(), fc.nat({ max: 5 })).map(([line, at, file]): HistoryStep[] => {
        const cut = at % (line.length + 1);
        return [
          { kind: 'tornTail', file, text: line.slice(0, cut) },
          { kind: 'archive' },
          { kind: 'tornTail', file, text: line.slice(cut) },
        ];
      }),
    ),
    { maxLength: 10 },
  )
  .map((groups) => groups.flat());

/** The secrets a history writes into its files (a line written in two parts has its parts in two steps). */
const planted = (steps: readonly HistoryStep[]): string[] =>
  [steps.map((s) => ('text' in s ? s.text : '\n')).join('')].flatMap((all) => [...all.matchAll(SECRETS)].map((m) => m[0]));

describe('the archive with --redact over arbitrary histories', () => {
  it('restores redact(original) line by line at every run, keeps every earlier state redacted, and stores no planted secret', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (steps) => {
        const scene = archiveScene();
        await archiveAndRestoreEach(scene, steps, { redact: true, stateOf: redactedState });
        const stored = [...archiveContents(scene.archiveDir).values()].map((bytes) => bytes.toString('latin1')).join('\n');
        for (const key of planted(steps)) expect(stored).not.toContain(key);
      }),
      { numRuns: Math.max(5, Math.floor(fcRuns / 4)) },
    );
  }, 600_000);
});

async function redactedState(files: Map<string, Buffer>): Promise<Map<string, Buffer>> {
  const redacted = new Map<string, Buffer>();
  for (const [key, bytes] of files) redacted.set(key, await redactedLineByLine(bytes));
  return redacted;
}
