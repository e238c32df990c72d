import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranscriptWriter, type Entry } from '../../src/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { assistantEntry, sideEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { tempDir } from '../support/tempDir.js';

const SESSION = '11111111-1111-4111-8111-111111111111';
const lines = (file: string): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
const types = (file: string): string[] => lines(file).map((l) => (JSON.parse(l) as { type: string }).type);

function writerIn(dir = tempDir()): TranscriptWriter {
  return new TranscriptWriter({ path: join(dir, `${SESSION}.jsonl`) });
}

describe('TranscriptWriter', () => {
  it('creates no file until the first user or assistant message, then flushes metadata, then buffered entries', async () => {
    const writer = writerIn();
    await writer.append(sideEntry('queue-operation', { operation: 'enqueue', timestamp: 't' }));
    await writer.append(sideEntry('mode', { mode: 'normal' }));
    expect(existsSync(writer.path)).toBe(false);
    expect(writer.isMaterialized).toBe(false);
    await writer.append(userEntry('u1', 'hello'));
    expect(types(writer.path)).toEqual(['mode', 'queue-operation', 'user']);
  });

  it('never writes progress lines, and drops attachments when told to, as 2.1.88 external builds did', async () => {
    const dir = tempDir();
    const writer = new TranscriptWriter({ path: join(dir, `${SESSION}.jsonl`), persistAttachments: false });
    const progress = { type: 'progress', uuid: 'p', parentUuid: null, data: {} } as unknown as Entry;
    const attachment = { type: 'attachment', uuid: 'att', parentUuid: 'u1', attachment: { type: 'date' } } as unknown as Entry;
    const report = await writer.append([userEntry('u1', 'x'), progress, attachment]);
    expect(report).toMatchObject({ written: 1, notLoggable: 2 });
    expect(types(writer.path)).toEqual(['user']);
  });

  it('does not write a uuid that is already in the file, also after reopening it', async () => {
    const dir = tempDir();
    const first = writerIn(dir);
    await first.append([userEntry('u1', 'x'), assistantEntry('a1', 'm1', text('y'), { parentUuid: 'u1' })]);
    const again = writerIn(dir);
    const report = await again.append([userEntry('u1', 'x'), userEntry('u2', 'z', { parentUuid: 'a1' })]);
    expect(report).toMatchObject({ written: 1, skippedDuplicates: 1 });
    expect(lines(first.path).map((l) => (JSON.parse(l) as { uuid: string }).uuid)).toEqual(['u1', 'a1', 'u2']);
  });

  it('routes sidechain entries to subagents/agent-<id>.jsonl, bypassing the dedup of the main file', async () => {
    const dir = tempDir();
    const writer = writerIn(dir);
    await writer.append(userEntry('u1', 'main'));
    const copied = userEntry('u1', 'forked copy', { isSidechain: true, agentId: 'a0123456789abcdef' });
    await writer.append(copied);
    const agentFile = join(dir, SESSION, 'subagents', 'agent-a0123456789abcdef.jsonl');
    expect(lines(agentFile)).toHaveLength(1);
    expect(lines(writer.path)).toHaveLength(1);
  });

  it('refuses an agent id that would leave the project folder', async () => {
    const writer = writerIn();
    await writer.append(userEntry('u1', 'main'));
    await expect(writer.append(userEntry('s1', 'x', { isSidechain: true, agentId: '../../escape' }))).rejects.toThrow(/unsafe agent id/);
  });

  it('a batch that fails writes nothing and marks nothing as written, so a retry writes it', async () => {
    const writer = writerIn();
    await expect(writer.append([userEntry('u1', 'x'), userEntry('s1', 'x', { isSidechain: true, agentId: '../evil' })])).rejects.toThrow(
      /unsafe agent id/,
    );
    expect(existsSync(writer.path)).toBe(false);
    expect(await writer.append(userEntry('u1', 'x'))).toMatchObject({ written: 1, skippedDuplicates: 0 });
    expect(types(writer.path)).toEqual(['user']);
  });

  it('a failed write (its folder cannot be made) can be retried once the cause is gone', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'blocker'), 'a file where the project folder should be');
    const writer = new TranscriptWriter({ path: join(dir, 'blocker', `${SESSION}.jsonl`) });
    await writer.append(sideEntry('queue-operation', { operation: 'enqueue' })); // buffered before the first message
    const batch = [sideEntry('mode', { mode: 'normal' }), userEntry('u1', 'x')];
    await expect(writer.append(batch)).rejects.toThrow();
    rmSync(join(dir, 'blocker'));
    expect(await writer.append(batch)).toMatchObject({ written: 3, skippedDuplicates: 0 });
    expect(types(writer.path)).toEqual(['queue-operation', 'mode', 'user']);
  });

  it('a title set by another process since we cached it wins when metadata is re-appended', async () => {
    const writer = writerIn();
    await writer.append([userEntry('u1', 'x'), sideEntry('custom-title', { customTitle: 'ours' })]);
    appendFileSync(writer.path, `${JSON.stringify({ type: 'custom-title', customTitle: 'renamed elsewhere', sessionId: SESSION })}\n`);
    await writer.close();
    const titles = lines(writer.path)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e['type'] === 'custom-title')
      .map((e) => e['customTitle']);
    expect(titles).toEqual(['ours', 'renamed elsewhere', 'renamed elsewhere']);
  });

  it('re-appends the newest metadata in Claude Code order', async () => {
    const writer = writerIn();
    await writer.append(userEntry('u1', 'x'));
    await writer.append([
      sideEntry('mode', { mode: 'normal' }),
      sideEntry('custom-title', { customTitle: 'old' }),
      sideEntry('custom-title', { customTitle: 'new' }),
      sideEntry('last-prompt', { lastPrompt: 'x' }),
    ]);
    const before = lines(writer.path).length;
    await writer.reAppendMetadata();
    const tail = lines(writer.path)
      .slice(before)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(tail.map((e) => e['type'])).toEqual(['last-prompt', 'custom-title', 'mode']);
    expect(tail[1]?.['customTitle']).toBe('new');
  });

  it('close() re-appends the metadata at exit, and leaves no file behind for a session without messages', async () => {
    const writer = writerIn();
    await writer.append([userEntry('u1', 'x'), sideEntry('mode', { mode: 'normal' })]);
    await writer.close();
    expect(types(writer.path)).toEqual(['user', 'mode', 'mode']);
    const empty = writerIn();
    await empty.append(sideEntry('mode', { mode: 'normal' }));
    await empty.close();
    expect(existsSync(empty.path)).toBe(false);
  });

  it('ends a torn last line before its first append, so nothing is glued onto the fragment', async () => {
    const dir = tempDir();
    const path = join(dir, `${SESSION}.jsonl`);
    writeFileSync(path, `${JSON.stringify(userEntry('u1', 'x'))}\n{"type":"user","uu`);
    const writer = new TranscriptWriter({ path });
    await writer.append(userEntry('u2', 'y', { parentUuid: 'u1' }));
    const items = readTranscriptFileSync(path);
    expect(items.map((i) => (i.kind === 'entry' ? 'entry' : i.code))).toEqual(['entry', 'malformed_json', 'entry']);
  });

  it('writes entries byte for byte as they were read', async () => {
    const dir = tempDir();
    const source = join(dir, 'source.jsonl');
    const spaced = '{"type": "user", "uuid": "u1", "message": {"role": "user", "content": "x"}}';
    writeFileSync(source, `${spaced}\n`);
    const writer = writerIn(dir);
    await writer.append(readTranscriptFileSync(source).flatMap((i) => (i.kind === 'entry' ? [i.entry] : [])));
    expect(readFileSync(writer.path, 'utf8')).toBe(`${spaced}\n`);
  });

  it('serialises concurrent append calls in call order', async () => {
    const writer = writerIn();
    await writer.append(userEntry('u0', 'first'));
    await Promise.all(Array.from({ length: 20 }, (_, i) => writer.append(userEntry(`u${i + 1}`, `m${i}`))));
    expect(lines(writer.path).map((l) => (JSON.parse(l) as { uuid: string }).uuid)).toEqual(Array.from({ length: 21 }, (_, i) => `u${i}`));
  });
});
