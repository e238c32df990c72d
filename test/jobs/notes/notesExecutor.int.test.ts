import { join } from 'node:path';
import { lastValueFrom, Subject, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTES_TEMPLATE, type Decision, type EffectRecord, type ModelRequest } from '../../../src/index.js';
import { DEFAULT_UPDATE_PROMPT } from '../../../src/memory/session/index.js';
import { liveConversation } from '../../../src/resume/index.js';
import { readTranscriptFileSync } from '../../../src/transcript/index.js';
import { runEffects } from '../../../src/pipeline/index.js';
import { sessionNotesExecutor } from '../../../src/jobs/index.js';
import { ScriptedModel } from '../../../src/testing/scriptedModel.js';
import { demoProjects } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';

const file = join(demoProjects, '-home-dev-acme-shop', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl');
const due = (seq: number, uuid: string): Decision => ({
  kind: 'session_notes_due',
  seq,
  uuid,
  tokens: 20_000 + seq,
  reason: 'test',
  toolCallsSinceUpdate: 3,
  lastSummarizedMessageId: null,
});
const uuidAt = (entries: ReadonlyArray<{ entry: unknown }>, seq: number): string => (entries[seq]!.entry as { uuid: string }).uuid;
const textOf = (request: ModelRequest): string => JSON.stringify(request.messages);

describe('session notes in a live session', () => {
  it('triggers during a run give exactly one trailing run, and it sees the newest entries', async () => {
    const entries = readTranscriptFileSync(file).flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
    let upTo = 16;
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const model = new ScriptedModel([
      async () => {
        await blocked;
        return { content: [{ type: 'text', text: 'nothing to add' }] };
      },
      { content: [{ type: 'text', text: 'nothing to add' }] },
    ]);
    const notesPath = join(tempDir(), 'session-memory', 'summary.md');
    const execute = sessionNotesExecutor({
      model,
      notesPath,
      config: { template: DEFAULT_NOTES_TEMPLATE, prompt: DEFAULT_UPDATE_PROMPT, warnings: [] },
      snapshot: () => liveConversation(entries.slice(0, upTo)),
    });
    const decisions = new Subject<Decision>();
    const logged: EffectRecord[] = [];
    const done = lastValueFrom(
      runEffects(decisions, {
        execute: (_run, _batch, signal, runId) => execute(signal, runId),
        record: (records) => void logged.push(...records),
        position: () => ({ seq: upTo - 1, uuid: null }),
      }).pipe(toArray()),
    );
    decisions.next(due(15, uuidAt(entries, 15)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The session goes on while the first update runs: two more updates come due.
    upTo = 41;
    decisions.next(due(25, uuidAt(entries, 25)));
    decisions.next(due(40, uuidAt(entries, 40)));
    upTo = 66;
    release();
    decisions.complete();
    await done;
    model.assertDone();

    const starts = logged.filter((r): r is Extract<EffectRecord, { type: 'run_started' }> => r.type === 'run_started');
    expect(starts.map((s) => [s.trailing, s.batch.map((p) => p.seq)])).toEqual([
      [false, [15]],
      [true, [25, 40]],
    ]);
    expect(logged.filter((r) => r.type === 'run_finished')).toHaveLength(2);
    // The first run saw the session as it was; the trailing one sees the newest entries.
    expect(textOf(model.calls[0]!)).not.toContain('never commit directly to main');
    expect(textOf(model.calls[1]!)).toContain('never commit directly to main');
  });
});
