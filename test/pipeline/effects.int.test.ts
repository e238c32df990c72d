import { join } from 'node:path';
import { lastValueFrom, Subject, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import {
  readEffectLog,
  replayDecisions,
  replaySync,
  type Decision,
  type EffectRecord,
  type ReadItem,
  type RunKind,
} from '../../src/index.js';
import { appendEffectsSync, runEffects } from '../../src/pipeline/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { demoProjects } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';
import { sampleOutcome } from '../support/runOutcomes.js';

const file = join(demoProjects, '-home-dev-acme-shop/4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('the effect runner, live, and replay from its log', () => {
  it('runs one at a time per kind with trailing runs, logs before applying, and replay reproduces every run from the log', async () => {
    const items = readTranscriptFileSync(file);
    const entries = items.flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
    const logPath = join(tempDir(), 'session.memlog.jsonl');
    const feed = new Subject<ReadItem>();
    let position = { seq: -1, uuid: null as string | null };
    const applied: string[] = [];
    const liveDecisions: Decision[] = [];
    const decisions = new Subject<Decision>();
    replayDecisions(feed, {}, { live: true }).subscribe({
      next: (d) => (liveDecisions.push(d), decisions.next(d)),
      complete: () => decisions.complete(),
    });

    // The first notes update holds until the whole transcript is fed, so the requests that arrive
    // meanwhile must pile up into a trailing run, however fast or loaded the machine is.
    let allFed = (): void => undefined;
    const fed = new Promise<void>((resolve) => (allFed = resolve));
    const done = lastValueFrom(
      runEffects(decisions, {
        execute: async (run: RunKind, batch) => {
          await (run === 'session_notes' ? fed : sleep(5));
          const apply = (): Promise<void> => {
            // One run per kind in flight: the newest record of this kind on disk must be this run's outcome.
            const mine = readEffectLog(logPath).records.filter((r) => 'run' in r && r.run === run);
            expect(mine.at(-1)?.type).toBe('run_finished');
            applied.push(`${run}:${batch.length}`);
            return Promise.resolve();
          };
          return { outcome: sampleOutcome(run, { served: batch.length }), apply };
        },
        record: (records) => appendEffectsSync(logPath, records),
        position: () => position,
      }).pipe(toArray()),
    );
    for (const item of items) {
      feed.next(item);
      if (item.kind === 'entry') position = { seq: item.seq, uuid: (item.entry as { uuid?: string }).uuid ?? null };
      await sleep(2);
    }
    allFed();
    feed.complete();
    const records = await done;

    const logged = readEffectLog(logPath).records;
    // The runner emits a run's records when it ends; the log has them in the order they happened.
    const key = (r: EffectRecord): string => `${'runId' in r ? String(r.runId) : ''}:${r.type}`;
    const byKey = (rs: EffectRecord[]) => [...rs].sort((a, b) => key(a).localeCompare(key(b)));
    expect(byKey(logged)).toEqual(byKey(records));
    const started = logged.filter((r): r is Extract<EffectRecord, { type: 'run_started' }> => r.type === 'run_started');
    expect(started.some((r) => r.trailing && r.batch.length > 1)).toBe(true); // coalescing happened
    expect(applied).toHaveLength(started.length);

    const replayed = replaySync(entries, {}, undefined, logged).decisions;
    const replayedStarts = replayed.filter((d) => d.kind === 'run_start');
    for (const run of ['session_notes', 'extraction', 'compaction'] as const) {
      const replayedRuns = replayedStarts.filter((s) => s.run === run).map((s) => [s.batch, s.trailing]);
      expect(replayedRuns).toEqual(started.filter((r) => r.run === run).map((r) => [r.batch.map((p) => p.uuid), r.trailing]));
    }
    const due = (ds: Decision[]) => ds.filter((d) => d.kind !== 'run_start');
    expect(due(replayed)).toEqual(due(liveDecisions));
  });
});
