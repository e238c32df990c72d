import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionSizes } from '../../src/inspect/index.js';
import { SIZE_KINDS, transcriptSizes } from '../../src/inspect/transcriptSizes.js';
import { demoProjects } from '../support/paths.js';
import { findTranscripts } from '../../src/inspect/index.js';
import { tempDir } from '../support/tempDir.js';

const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo'.repeat(50) } };
const thinking = { type: 'thinking', thinking: 'let me think about the cart', signature: 'sig' };
const text = { type: 'text', text: 'The cart test is fixed.' };
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('inspect --sizes: where a transcript’s bytes go', () => {
  it('sizes the records glued on one line each as its own line, the newline as metadata (decision 147)', () => {
    const snapshot = JSON.stringify({ type: 'file-history-snapshot', messageId: 'm', snapshot: { trackedFileBackups: {} } });
    const assistant = JSON.stringify({ type: 'assistant', uuid: 'a1', message: { role: 'assistant', content: [text] } });
    const file = join(tempDir(), 'session.jsonl');
    writeFileSync(file, `${assistant}${snapshot}\n`);
    const sizes = transcriptSizes(file);
    expect(sizes.fileHistory).toBe(Buffer.byteLength(snapshot));
    expect(sizes.text).toBe(bytes(text));
    expect(SIZE_KINDS.reduce((sum, kind) => sum + sizes[kind], 0)).toBe(statSync(file).size);
  });

  it('names each kind by its JSON length, the rest of each line as metadata, and adds up to the file size', () => {
    const snapshot = JSON.stringify({
      type: 'file-history-snapshot',
      messageId: 'm',
      snapshot: { trackedFileBackups: { 'a.ts': 'x'.repeat(300) } },
    });
    const lines = [
      snapshot,
      JSON.stringify({
        type: 'user',
        uuid: 'u1',
        message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [image] }] },
      }),
      JSON.stringify({ type: 'assistant', uuid: 'a1', message: { role: 'assistant', content: [thinking, text] } }),
      'not json at all',
    ];
    const file = join(tempDir(), 'session.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const sizes = transcriptSizes(file, 64);
    expect(sizes.fileHistory).toBe(Buffer.byteLength(snapshot) + 1);
    expect(sizes.images).toBe(bytes(image));
    expect(sizes.tools).toBe(bytes({ type: 'tool_result', tool_use_id: 't', content: [image] }) - bytes(image));
    expect(sizes.thinking).toBe(bytes(thinking));
    expect(sizes.text).toBe(bytes(text));
    expect(SIZE_KINDS.reduce((sum, kind) => sum + sizes[kind], 0)).toBe(statSync(file).size);
  });

  it('counts a line that is JSON but no entry (null, a number, a list, a string, null blocks) as metadata, without a crash', () => {
    const lines = [
      'null',
      '42',
      '[1,2]',
      '"just a string"',
      '{"type":"user","message":null}',
      '{"type":"user","message":{"content":[null,3,"x"]}}',
      '{"type":"user","message":{"content":[{"type":"tool_result","content":[null]}]}}',
    ];
    const file = join(tempDir(), 'odd.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const sizes = transcriptSizes(file);
    expect(sizes.tools).toBe(bytes({ type: 'tool_result', content: [null] }));
    expect(sizes.metadata + sizes.tools).toBe(statSync(file).size);
  });

  it('over the demo: a subagent counts with its session, and project totals are the sums of their sessions', async () => {
    const files = (await findTranscripts([demoProjects])).files.map((file) => file.path);
    const { sessions, projects } = sessionSizes(files);
    expect(sessions.reduce((sum, s) => sum + s.bytes, 0)).toBe(files.reduce((sum, f) => sum + statSync(f).size, 0));
    expect(sessions.find((s) => s.session === '7f26641c-f5f5-4490-80f6-02093c4c460a')?.files).toBe(2);
    for (const project of projects)
      expect(project.bytes).toBe(sessions.filter((s) => s.project === project.project).reduce((sum, s) => sum + s.bytes, 0));
  });
});
