import { join } from 'node:path';
import { lastValueFrom, Subject, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { AnthropicModel, readEffectLog, replayDecisions, replaySync, type Decision, type Entry, type ReadItem } from '../../src/index.js';
import { appendEffectsSync, runEffects } from '../../src/pipeline/index.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { MessagesServer } from '../support/messagesServer.js';
import { tempDir } from '../support/tempDir.js';
import { sampleOutcome } from '../support/runOutcomes.js';

describe('a model that keeps failing, end to end', () => {
  it('retries exhausted → the run fails, the failure is in the effect log, and on replay the extraction cursor has not moved', async () => {
    const server = new MessagesServer();
    const baseURL = await server.start();
    server.arrange(...Array.from({ length: 3 }, () => ({ kind: 'status', status: 529, retryAfterMs: 5 }) as const));
    const model = new AnthropicModel({ apiKey: 'k', baseURL, maxRetries: 2 });
    const entries: Entry[] = [userEntry('u1', 'remember: tabs, not spaces'), assistantEntry('a1', 'm1', text('noted'))];
    const items: ReadItem[] = entries.map((entry, seq) => ({
      kind: 'entry',
      seq,
      line: seq + 1,
      offset: 0,
      raw: JSON.stringify(entry),
      entry,
    }));
    const log = join(tempDir(), 's.memlog.jsonl');

    const feed = new Subject<ReadItem>();
    const decisions = new Subject<Decision>();
    replayDecisions(feed, {}, { live: true }).subscribe({ next: (d) => decisions.next(d), complete: () => decisions.complete() });
    const running = lastValueFrom(
      runEffects(decisions, {
        execute: async (run, batch) => ({
          outcome: sampleOutcome(run, {
            reply: await model.complete({ messages: [{ role: 'user', content: `${run} over ${batch.length}` }], maxTokens: 64 }),
          }),
        }),
        record: (records) => appendEffectsSync(log, records),
        position: () => ({ seq: 1, uuid: 'a1' }),
      }).pipe(toArray()),
    );
    for (const item of items) feed.next(item);
    feed.complete();
    await running;
    await server.stop();

    const { records } = readEffectLog(log);
    const failed = records.filter((r) => r.type === 'run_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ run: 'extraction', error: expect.stringMatching(/529/) });
    expect(server.received).toHaveLength(3); // one call and two retries

    const replayed = replaySync(
      entries.map((entry, seq) => ({ seq, entry })),
      {},
      undefined,
      records,
    );
    expect(replayed.state.extraction).toMatchObject({ cursor: null, failures: 1, messagesSinceCursor: 2 });
  });
});
