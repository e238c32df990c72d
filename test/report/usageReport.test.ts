import { describe, expect, it } from 'vitest';
import { responsesOf } from '../../src/catalog/countedResponses.js';
import type { SessionSummary, UsageSums } from '../../src/catalog/index.js';
import type { StoredUsage } from '../../src/catalog/usageTotals.js';
import {
  costOf,
  parsePriceTable,
  pricesOf,
  SHIPPED_PRICES,
  usageReport,
  type PriceTable,
  type UsageSession,
} from '../../src/report/usage/index.js';

const sums = (input: number, output: number, cacheCreation = 0, cacheRead = 0): UsageSums => ({
  input,
  output,
  cacheCreation,
  cacheRead,
  messages: 1,
});

/** A summary with only the usage a usage report reads. */
function summary(usageByDay: SessionSummary['usageByDay']): SessionSummary {
  return { usageByDay } as unknown as SessionSummary;
}

const prices: PriceTable = {
  date: '2026-12-06',
  source: 'test',
  models: {
    'claude-opus-4': { input: 15, output: 75, cacheWrite: 18.75, cacheRead: 1.5 },
    'claude-opus-4-5': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  },
};

const sessions = [
  {
    project: 'p1',
    session: 's1',
    summary: summary({
      '2026-11-30': { 'claude-opus-4-5-20251101': sums(1_000_000, 0) },
      '2026-12-01': { 'claude-opus-4-5-20251101': sums(0, 1_000_000) },
    }),
  },
  {
    project: 'p2',
    session: 's2',
    summary: summary({ '2026-12-02': { 'claude-opus-4-20250514': sums(0, 0, 1_000_000, 1_000_000), '<synthetic>': sums(5, 0) } }),
  },
];

describe('usageReport', () => {
  it('prices a model by the longest table entry its id starts with', () => {
    expect(pricesOf(prices, 'claude-opus-4-5-20251101')).toBe(prices.models['claude-opus-4-5']);
    expect(pricesOf(prices, 'claude-opus-4-20250514')).toBe(prices.models['claude-opus-4']);
    expect(pricesOf(prices, 'claude-opus-45')).toBeUndefined();
    expect(costOf({ input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 }, sums(3170, 193_405, 305_606, 9_680_889))).toBeCloseTo(
      11.601457,
      6,
    );
  });

  it('groups by day, ISO week (its Monday), month, project and session, and counts unpriced models without a cost', () => {
    const by = (group: 'day' | 'week' | 'month' | 'project' | 'session') =>
      usageReport(sessions, { by: group, prices }).rows.map((row) => [row.key, row.costUsd]);
    expect(by('day')).toEqual([
      ['2026-11-30', 5],
      ['2026-12-01', 25],
      ['2026-12-02', 20.25],
    ]);
    expect(by('week')).toEqual([['2026-11-30', 50.25]]);
    expect(by('month')).toEqual([
      ['2026-11', 5],
      ['2026-12', 45.25],
    ]);
    expect(by('project')).toEqual([
      ['p1', 30],
      ['p2', 20.25],
    ]);
    expect(by('session')).toEqual([
      ['s1', 30],
      ['s2', 20.25],
    ]);
    const report = usageReport(sessions, { by: 'day', prices });
    expect(report.unpriced).toEqual(['<synthetic>']);
    expect(report.total).toMatchObject({ input: 1_000_005, output: 1_000_000, costUsd: 50.25 });
  });

  it('counts only the messages of the days from --since to --until, both included', () => {
    const report = usageReport(sessions, { by: 'day', since: '2026-12-01', until: '2026-12-01', prices });
    expect(report.rows.map((row) => row.key)).toEqual(['2026-12-01']);
    expect(report.total.costUsd).toBe(25);
  });

  it('reads a price table and says what is wrong with one that is not', () => {
    expect(parsePriceTable(JSON.stringify(SHIPPED_PRICES), 'p.json')).toEqual(SHIPPED_PRICES);
    expect(() => parsePriceTable('{', 'p.json')).toThrow(/^--prices p\.json: not a JSON file/);
    expect(() => parsePriceTable('{"date":"x","source":"y","models":{"m":{"input":-1}}}', 'p.json')).toThrow(
      /^--prices p\.json: models\.m\.input: /,
    );
  });

  describe('a response found in several files (decision 109)', () => {
    /** A file's responses and the summary they sum to. */
    function file(session: string, path: string, usage: StoredUsage[], times: { first?: string; last?: string } = {}) {
      const usageByDay: SessionSummary['usageByDay'] = {};
      for (const [, model, input, output, cacheCreation, cacheRead, day] of usage) {
        const models = (usageByDay[day] ??= {});
        const was = models[model ?? ''] ?? sums(0, 0);
        models[model ?? ''] = {
          input: was.input + input,
          output: was.output + output,
          cacheCreation: was.cacheCreation + cacheCreation,
          cacheRead: was.cacheRead + cacheRead,
          messages: (models[model ?? ''] === undefined ? 0 : was.messages) + 1,
        };
      }
      const timed = { ...summary(usageByDay), firstTime: times.first ?? null, lastTime: times.last ?? null };
      return { project: 'p', session, path, summary: timed, responses: responsesOf(usage) };
    }
    const opus = 'claude-opus-4-5-20251101';
    const response = (id: string, output: number, day: string, first: string | null, request = `req_${id}`): StoredUsage => [
      id,
      opus,
      0,
      output,
      0,
      0,
      day,
      first,
      request,
    ];
    const bySession = (files: UsageSession[], range: { since?: string; until?: string } = {}) =>
      usageReport(files, { by: 'session', prices, ...range }).rows.map((row) => [row.key, row.output, row.messages]);

    it('is counted in the file where its first piece is earliest, ties by path, a piece without a time last', () => {
      const shared = (first: string | null): StoredUsage => response('msg_s', 1_000_000, '2026-12-01', first);
      const original = file('original', '/p/b.jsonl', [shared('2026-12-01T10:00:00Z'), response('msg_o', 5, '2026-12-01', null)]);
      const copy = file('copy', '/p/a.jsonl', [shared('2026-12-01T11:00:00Z'), response('msg_c', 7, '2026-12-02', null)]);
      expect(bySession([copy, original])).toEqual([
        ['copy', 7, 1],
        ['original', 1_000_005, 2],
      ]);
      const sameTime = file('same', '/p/a.jsonl', [shared('2026-12-01T10:00:00Z')]);
      expect(bySession([original, sameTime])).toEqual([
        ['original', 5, 1],
        ['same', 1_000_000, 1],
      ]);
      const noTime = file('untimed', '/p/0.jsonl', [shared(null)]);
      expect(bySession([noTime, original])).toEqual([['original', 1_000_005, 2]]);
      expect(usageReport([copy, original], { by: 'day', prices }).total).toMatchObject({
        output: 1_000_012,
        messages: 3,
        costUsd: 25.0003,
      });
    });

    it('at the same time, is counted in the file that began first, a session before its subagent, then the one that ended first', () => {
      // The reviewer's tree: a resumed copy in another project, and a subagent of the original holding copies too.
      const at = (time: string) => `2026-12-0${time}:00Z`;
      const [msg1, msg2, msg3] = [
        response('msg_1', 10, '2026-11-30', '2026-11-30T23:55:00Z'),
        response('msg_2', 20, '2026-12-01', at('1T00:05')),
        response('msg_3', 30, '2026-12-01', at('1T00:06'), ''),
      ];
      const msg4 = response('msg_4', 40, '2026-12-02', at('2T10:00'));
      const original = file('zzz-orig', '/projects/-home-dev-p/zzz-orig.jsonl', [msg1, msg2, msg3], {
        first: '2026-11-30T23:50:00Z',
        last: at('1T00:06'),
      });
      const resumed = file('aaa-resume', '/projects/-home-dev-q/aaa-resume.jsonl', [msg1, msg2, msg3, msg4], {
        first: '2026-11-30T23:50:00Z',
        last: at('2T10:00'),
      });
      const agent = file('agent-x', '/projects/-home-dev-p/zzz-orig/subagents/agent-x.jsonl', [msg2, msg4], {
        first: at('1T00:05'),
        last: at('2T10:00'),
      });
      expect(bySession([agent, resumed, original])).toEqual([
        ['aaa-resume', 40, 1],
        ['zzz-orig', 60, 3],
      ]);
      // A forked subagent copies its parent's context, times and all, and ends before its parent goes on.
      const parent = file('zzz-parent', '/p/zzz-parent.jsonl', [msg1, msg2], { first: '2026-11-30T23:50:00Z', last: at('3T09:00') });
      const forked = file('agent-a', '/p/aaa/subagents/agent-a.jsonl', [msg1, msg2, msg4], {
        first: '2026-11-30T23:50:00Z',
        last: at('2T10:00'),
      });
      expect(bySession([forked, parent])).toEqual([
        ['agent-a', 40, 1],
        ['zzz-parent', 30, 2],
      ]);
      // A resumed copy beside its original, whose path sorts after it: the original ended first.
      const first = file('zzz-first', '/p/zzz-first.jsonl', [msg1, msg2], { first: '2026-11-30T23:50:00Z', last: at('1T00:05') });
      const copy = file('aaa-copy', '/p/aaa-copy.jsonl', [msg1, msg2, msg4], { first: '2026-11-30T23:50:00Z', last: at('2T10:00') });
      expect(bySession([copy, first])).toEqual([
        ['aaa-copy', 40, 1],
        ['zzz-first', 30, 2],
      ]);
    });

    it('is another response under another request id, and one without its responses listed is counted as it is', () => {
      const original = file('original', '/p/a.jsonl', [response('msg_s', 10, '2026-12-01', '2026-12-01T10:00:00Z', 'req_1')]);
      const retried = file('retried', '/p/b.jsonl', [response('msg_s', 10, '2026-12-01', '2026-12-01T11:00:00Z', 'req_2')]);
      expect(bySession([original, retried])).toEqual([
        ['original', 10, 1],
        ['retried', 10, 1],
      ]);
      const { responses: _, ...unlisted } = file('unlisted', '/p/c.jsonl', [
        response('msg_s', 10, '2026-12-01', '2026-12-01T12:00:00Z', 'req_1'),
      ]);
      expect(bySession([original, unlisted])).toEqual([
        ['original', 10, 1],
        ['unlisted', 10, 1],
      ]);
    });

    it('is within --since/--until by its own day in the file that counts it', () => {
      const original = file('original', '/p/a.jsonl', [response('msg_s', 10, '2026-11-30', '2026-11-30T23:59:00Z')]);
      const copy = file('copy', '/p/b.jsonl', [response('msg_s', 10, '2026-12-01', '2026-12-01T00:01:00Z')]);
      expect(bySession([original, copy], { since: '2026-12-01' })).toEqual([]);
      expect(bySession([original, copy], { until: '2026-11-30' })).toEqual([['original', 10, 1]]);
    });
  });
});
