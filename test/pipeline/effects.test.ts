import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { effectLogPath, readEffectLog, replaySync, type Decision, type EffectRecord, type Entry, type LogEntry } from '../../src/index.js';
import { appendEffects, CURRENT_EFFECT_LOG_VERSION } from '../../src/pipeline/index.js';
import { findTranscripts } from '../../src/inspect/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { demoProjects } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

const v = CURRENT_EFFECT_LOG_VERSION;
const log = (entries: Entry[]): LogEntry[] => entries.map((entry, seq) => ({ seq, entry }));
const at = (seq: number, uuid: string | null = null) => ({ seq, uuid });
const demo = (): LogEntry[] =>
  readTranscriptFileSync(join(demoProjects, '-home-dev-acme-shop/4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl')).flatMap((i) =>
    i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : [],
  );
const ofKind = <K extends Decision['kind']>(decisions: Decision[], kind: K) =>
  decisions.filter((d): d is Extract<Decision, { kind: K }> => d.kind === kind);

describe('the effect log', () => {
  it('round-trips records, and reports bad lines and unknown versions as diagnostics naming the current version', async () => {
    const path = effectLogPath(join(tempDir(), '0cabab22-33aa-42ba-948f-fcaec9db5004.jsonl'));
    expect(path.endsWith('0cabab22-33aa-42ba-948f-fcaec9db5004.memlog.jsonl')).toBe(true);
    const records: EffectRecord[] = [
      { v, type: 'run_started', at: at(3, 'u3'), run: 'extraction', runId: 'r1', batch: [at(3, 'u3')], trailing: false },
      { v, type: 'run_failed', at: at(5, 'u5'), run: 'extraction', runId: 'r1', error: 'HTTP 529' },
    ];
    await appendEffects(path, records);
    appendFileSync(path, '{"v":99,"type":"run_started"}\n{nope\n');
    const read = readEffectLog(path);
    expect(read.records).toEqual(records);
    expect(read.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['unsupported_version', 3],
      ['malformed_json', 4],
    ]);
    expect(read.diagnostics[0]?.message).toMatch(/reads version 1/);
    expect(readEffectLog(join(tempDir(), 'none.memlog.jsonl'))).toEqual({ records: [], diagnostics: [] });
  });
});

describe('replay with an effect log', () => {
  it('coalesces: decisions made while a run is in flight become one trailing run when it finishes', () => {
    const entries = demo();
    const plain = replaySync(entries).decisions;
    const notes = ofKind(plain, 'session_notes_due');
    const [first, second, third] = notes;
    expect(third).toBeDefined();
    // As runEffects logs it, positions being the last entry read at the time: the first run ends
    // once the third update has been decided (a decision comes out when the next entry closes its
    // response, so by the fourth one's entry); the trailing run serves the second and the third.
    const fourth = notes[3]!;
    const records: EffectRecord[] = [
      {
        v,
        type: 'run_started',
        at: at(first!.seq, first!.uuid),
        run: 'session_notes',
        runId: 'n1',
        batch: [at(first!.seq, first!.uuid)],
        trailing: false,
      },
      { v, type: 'run_finished', at: at(fourth.seq, fourth.uuid), run: 'session_notes', runId: 'n1' },
      {
        v,
        type: 'run_started',
        at: at(fourth.seq, fourth.uuid),
        run: 'session_notes',
        runId: 'n2',
        batch: [at(second!.seq, second!.uuid), at(third!.seq, third!.uuid)],
        trailing: true,
      },
      { v, type: 'run_finished', at: at(fourth.seq, fourth.uuid), run: 'session_notes', runId: 'n2' },
    ];
    const replayed = replaySync(entries, {}, undefined, records).decisions;
    const starts = ofKind(replayed, 'run_start').filter((s) => s.run === 'session_notes');
    expect(starts.slice(0, 3).map((s) => [s.batch, s.trailing])).toEqual([
      [[first!.uuid], false],
      [[second!.uuid, third!.uuid], true],
      [[fourth.uuid], false], // n2 ended: the next decision starts a run of its own
    ]);
    // Replaying the same logs again gives the same answer.
    expect(replaySync(entries, {}, undefined, records).decisions).toEqual(replayed);
  });

  it('a failed extraction leaves the cursor where it was, so the next run covers those messages too', () => {
    const entries = log([
      userEntry('u1', 'a'),
      assistantEntry('a1', 'm1', text('x')),
      userEntry('u2', 'b'),
      assistantEntry('a2', 'm2', text('y')),
      userEntry('u3', 'c'),
      assistantEntry('a3', 'm3', text('z')),
    ]);
    const ok = ofKind(replaySync(entries).decisions, 'extraction_due').map((d) => d.newMessages);
    expect(ok).toEqual([2, 2, 2]);
    const failed: EffectRecord[] = [
      { v, type: 'run_started', at: at(2, 'u2'), run: 'extraction', runId: 'x1', batch: [at(1, 'a1')], trailing: false },
      { v, type: 'run_failed', at: at(2, 'u2'), run: 'extraction', runId: 'x1', error: 'overloaded' },
    ];
    const retried = ofKind(replaySync(entries, {}, undefined, failed).decisions, 'extraction_due');
    expect(retried.map((d) => [d.newMessages, d.cursor])).toEqual([
      [2, null],
      [4, null],
      [2, 'a2'],
    ]);
  });

  it('a run logged at the position where its decision was made at the end of the log still settles when the log has grown', () => {
    // Live: the log ended at a1, the turn-end decision came out at the end, the run failed there.
    const entries = log([
      userEntry('u1', 'a'),
      assistantEntry('a1', 'm1', text('x')),
      userEntry('u2', 'b'),
      assistantEntry('a2', 'm2', text('y')),
    ]);
    const records: EffectRecord[] = [
      { v, type: 'run_started', at: at(1, 'a1'), run: 'extraction', runId: 'x1', batch: [at(1, 'a1')], trailing: false },
      { v, type: 'run_failed', at: at(1, 'a1'), run: 'extraction', runId: 'x1', error: 'overloaded' },
    ];
    const { decisions, state } = replaySync(entries, {}, undefined, records);
    expect(ofKind(decisions, 'extraction_due').map((d) => [d.newMessages, d.cursor])).toEqual([
      [2, null],
      [4, null],
    ]);
    expect(state.held).toEqual([]);
    expect(state.extraction.failures).toBe(1);
  });

  it('three failed compactions in a row open the circuit breaker', () => {
    const big = (n: number): Entry[] => [
      userEntry(`u${n}`, 'q'),
      assistantEntry(`a${n}`, `m${n}`, text(''), { usage: { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 170_000 + n } }),
    ];
    const entries = log([1, 2, 3, 4, 5].flatMap(big));
    expect(ofKind(replaySync(entries).decisions, 'compaction_due')).toHaveLength(5);
    const due = ofKind(replaySync(entries).decisions, 'compaction_due');
    const failures: EffectRecord[] = due.slice(0, 3).flatMap((d, i): EffectRecord[] => [
      { v, type: 'run_started', at: at(d.seq, d.uuid), run: 'compaction', runId: `c${i}`, batch: [at(d.seq, d.uuid)], trailing: false },
      { v, type: 'run_failed', at: at(d.seq, d.uuid), run: 'compaction', runId: `c${i}`, error: 'prompt too long' },
    ]);
    expect(ofKind(replaySync(entries, {}, undefined, failures).decisions, 'compaction_due')).toHaveLength(3);
    // Run ends for runs that never started are held, not counted: the breaker stays closed.
    const strays: EffectRecord[] = [0, 1, 2].map((i) => ({
      v,
      type: 'run_failed',
      at: at(1),
      run: 'compaction',
      runId: `ghost${i}`,
      error: 'x',
    }));
    expect(ofKind(replaySync(entries, {}, undefined, strays).decisions, 'compaction_due')).toHaveLength(5);
  });
});

describe('effect log beside a transcript', () => {
  it('is named after the transcript and is not listed as a transcript', async () => {
    const dir = tempDir();
    const transcript = join(dir, 's.jsonl');
    writeFileSync(transcript, '');
    writeFileSync(effectLogPath(transcript), '');
    expect(effectLogPath(transcript)).toBe(join(dir, 's.memlog.jsonl'));
    expect((await findTranscripts([dir])).files.map((file) => file.path)).toEqual([transcript]);
  });
});
