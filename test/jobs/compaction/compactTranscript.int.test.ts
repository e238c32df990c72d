import { appendFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compactionView,
  compactTranscript,
  loadConversation,
  MemlogError,
  OfflineModel,
  readEffectLog,
  readTranscriptSync,
  replaySync,
  type ModelPort,
} from '../../../src/index.js';
import { demoProjects, hasShared, sharedFixtures } from '../../support/paths.js';
import { tempDir } from '../../support/tempDir.js';

const SESSION = 'a1eaaff9-3a09-471e-b457-360fb17ea04f';
const logEntries = (file: string) =>
  [...readTranscriptSync(file)].flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

function copy(): string {
  const file = join(tempDir(), `${SESSION}.jsonl`);
  cpSync(join(demoProjects, '-home-dev-acme-shop', `${SESSION}.jsonl`), file);
  return file;
}

describe('what memlog compact writes', () => {
  it.runIf(hasShared)('has the shape of the entries real Claude Code 2.1.332 writes, and memlog loads both the same way', async () => {
    const real = lines(
      join(
        sharedFixtures,
        'claude-code-2.1.332',
        'compact-basic',
        '-home-user-compact-basic',
        '69b0694c-2293-49bd-90fe-fa1611c98ae7.jsonl',
      ),
    );
    const realBoundary = real.find((e) => e['subtype'] === 'compact_boundary')!;
    const realSummary = real.find((e) => e['parentUuid'] === realBoundary['uuid'])!;
    const file = copy();
    const report = await compactTranscript({ transcriptPath: file, strategy: 'summary', model: new OfflineModel() });
    const [boundary, summary] = lines(file).slice(-2);
    for (const key of [
      'parentUuid',
      'logicalParentUuid',
      'isSidechain',
      'type',
      'subtype',
      'content',
      'isMeta',
      'timestamp',
      'uuid',
      'level',
      'cwd',
      'sessionId',
      'version',
    ])
      expect(boundary, key).toHaveProperty(key);
    expect(boundary).toMatchObject({
      parentUuid: null,
      type: 'system',
      subtype: 'compact_boundary',
      content: realBoundary['content'],
      level: realBoundary['level'],
      isMeta: false,
    });
    const meta = boundary!['compactMetadata'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(meta['preservedSegment']!).sort()).toEqual(
      Object.keys((realBoundary['compactMetadata'] as Record<string, Record<string, unknown>>)['preservedSegment']!).sort(),
    );
    expect(Object.keys(meta['preservedMessages']!).sort()).toEqual(['allUuids', 'anchorUuid', 'uuids']);
    expect(meta['preservedSegment']!['anchorUuid']).toBe(summary!['uuid']);
    expect(summary).toMatchObject({
      parentUuid: boundary!['uuid'],
      type: 'user',
      isCompactSummary: realSummary['isCompactSummary'],
      isVisibleInTranscriptOnly: realSummary['isVisibleInTranscriptOnly'],
      message: { role: 'user' },
    });
    expect(typeof (summary!['message'] as { content: unknown }).content).toBe(
      typeof (realSummary['message'] as { content: unknown }).content,
    );
    // memlog resumes the real one as it resumes its own: the summary, then the kept messages.
    const realChain = loadConversation(
      join(
        sharedFixtures,
        'claude-code-2.1.332',
        'compact-basic',
        '-home-user-compact-basic',
        '69b0694c-2293-49bd-90fe-fa1611c98ae7.jsonl',
      ),
    ).chain.nodes.map((n) => n.uuid);
    expect(realChain.slice(0, 3)).toEqual([realBoundary['uuid'], realSummary['uuid'], '44e4323e-9110-4e38-800f-979a3e62a830']);
    expect(
      loadConversation(file)
        .chain.nodes.slice(2, 2 + report.kept.length)
        .map((n) => n.uuid),
    ).toEqual(report.kept);
  });

  it('a compaction made with memlog compact does not change what replay decides', async () => {
    const file = copy();
    const before = replaySync(logEntries(file)).decisions;
    await compactTranscript({ transcriptPath: file, model: new OfflineModel() });
    const records = readEffectLog(file.replace('.jsonl', '.memlog.jsonl')).records;
    expect(records.map((r) => r.type)).toEqual(['compaction_started', 'compacted']);
    expect(replaySync(logEntries(file).slice(0, -2), {}, undefined, records).decisions).toEqual(before);
  });

  it('after a compaction that kept messages, the context counts them', async () => {
    const file = copy();
    const report = await compactTranscript({ transcriptPath: file, strategy: 'summary', model: new OfflineModel() });
    expect(report.kept.length).toBeGreaterThan(0);
    expect(compactionView(logEntries(file)).tokensBefore).toBe(report.tokensAfter);
  });

  it('a transcript that grows while it is being compacted is left alone, with a clear error', async () => {
    const file = copy();
    const size = readFileSync(file).length;
    const growing: ModelPort = {
      name: 'growing',
      complete: async (request) => {
        appendFileSync(
          file,
          `${JSON.stringify({ type: 'user', uuid: 'late', parentUuid: null, message: { role: 'user', content: 'one more thing' } })}\n`,
        );
        return new OfflineModel().complete(request);
      },
    };
    const error: unknown = await compactTranscript({ transcriptPath: file, strategy: 'summary', model: growing }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemlogError);
    expect((error as Error).message).toMatch(/changed while it was being compacted; nothing was written/);
    expect(readFileSync(file).length).toBeGreaterThan(size);
    expect(lines(file).some((e) => e['subtype'] === 'compact_boundary')).toBe(false);
  });
});
