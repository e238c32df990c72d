import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { lastValueFrom, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { readTranscript, serializeEntry, type ReadItem } from '../../src/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { tempDir } from '../support/tempDir.js';
import { userLine } from '../support/userLine.js';

const user = userLine;

function readText(text: string | Buffer, options = {}): ReadItem[] {
  const file = join(tempDir(), 't.jsonl');
  writeFileSync(file, text);
  return readTranscriptFileSync(file, options);
}

const codes = (items: ReadItem[]): string[] => items.map((i) => (i.kind === 'entry' ? `entry:${i.line}` : `${i.code}:${i.line}`));

describe('readTranscript', () => {
  it('gives every line its 1-based number, byte offset and entry seq', () => {
    const a = user('a');
    const items = readText(`${a}\n${user('b')}\n`);
    expect(items).toMatchObject([
      { kind: 'entry', seq: 0, line: 1, offset: 0, raw: a },
      { kind: 'entry', seq: 1, line: 2, offset: Buffer.byteLength(a) + 1 },
    ]);
  });

  it('malformed JSON becomes a diagnostic and the stream goes on', () => {
    const items = readText(`${user('a')}\n{oops\n${user('b')}\n`);
    expect(codes(items)).toEqual(['entry:1', 'malformed_json:2', 'entry:3']);
    expect(items[1]).toMatchObject({ raw: '{oops', offset: user('a').length + 1 });
  });

  it('a torn last line is truncated_line, never an exception', () => {
    const items = readText(`${user('a')}\n{"type":"user","uu`);
    expect(codes(items)).toEqual(['entry:1', 'truncated_line:2']);
  });

  it('a torn last line cut inside a multi-byte character is truncated_line, not invalid_utf8', () => {
    const line = Buffer.from(user('a', 'é'));
    const torn = Buffer.concat([Buffer.from(`${user('x')}\n`), line.subarray(0, line.indexOf(Buffer.from('é')) + 1)]);
    expect(codes(readText(torn))).toEqual(['entry:1', 'truncated_line:2']);
  });

  it('a complete last line without a newline is still an entry', () => {
    expect(codes(readText(`${user('a')}\n${user('b')}`))).toEqual(['entry:1', 'entry:2']);
  });

  it('valid JSON that is not an entry is schema_mismatch: non-objects, no type, known kinds with wrong shapes', () => {
    const lines = ['42', '[1]', '"text"', '{"silly":"this"}', '{"type":"user","uuid":"x","message":"not an object"}'];
    expect(codes(readText(`${lines.join('\n')}\n`))).toEqual(lines.map((_, i) => `schema_mismatch:${i + 1}`));
  });

  it('schema_mismatch messages name the field and, for content blocks, the block kind and field', () => {
    const lines = [
      '{"type":"assistant","uuid":"a","message":{"role":"assistant","content":[{"type":"text","text":"x"},{"type":"tool_use","name":"Bash","input":{}}]}}',
      '{"type":"user","uuid":"u","message":{"role":"user","content":["wow"]}}',
      '{"type":"user","uuid":"u","message":{"role":"user","contenst":[]}}',
      '{"type":"user","uuid":5,"message":{"role":"user","content":"x"}}',
      '{"silly":"this"}',
    ];
    const messages = readText(`${lines.join('\n')}\n`).map((i) => (i.kind === 'diagnostic' ? i.message : 'entry'));
    expect(messages).toEqual([
      expect.stringMatching(/^assistant entry at message\.content\.1: tool_use block: id: .*expected string/),
      'user entry at message.content: block 0: expected a content block object, got "wow"',
      'user entry at message.content: missing (expected a string or an array of content blocks)',
      expect.stringMatching(/^user entry at uuid: .*expected string, received number/),
      'the object has no "type" field',
    ]);
  });

  it('keeps unknown kinds whole, as type unknown with the raw object', () => {
    const line = '{"type":"future_kind","uuid":"u","nested":{"x":1}}';
    const [item] = readText(`${line}\n`);
    expect(item).toMatchObject({ kind: 'entry', entry: { type: 'unknown', raw: { type: 'future_kind', nested: { x: 1 } } } });
    if (item?.kind === 'entry') expect(serializeEntry(item.entry)).toBe(line);
  });

  it('re-serialises lines JSON.stringify would change, byte for byte', () => {
    const lines = [
      '{"type":"user","uuid":"a","message":{"role":"user","content":"x"},"n":-0}',
      '{"type":"user","uuid":"b","message":{"role":"user","content":"x"},"big":12345678901234567890,"f":0.10,"e":1E5}',
      '{"type":"user","uuid":"c","message":{"role":"user","content":"x"},"tag":"x","tag":"y"}',
      '{"type":"user","uuid":"d","message":{"role":"user","content":"x"},"b":1,"1":2}',
      '{"type" :"user" ,"uuid":"e","message":{"role":"user","content":"\\u00e9\\/"} , "t":[1 ] }',
    ];
    const items = readText(`${lines.join('\n')}\n`);
    expect(items.map((i) => (i.kind === 'entry' ? serializeEntry(i.entry) : i.code))).toEqual(lines);
  });

  it('serialises a changed copy of a read entry as the copy, never as the line it came from', () => {
    const line = '{"type" :"user","uuid":"a","parentUuid":null,"message":{"role":"user","content":"x"}}';
    const [item] = readText(`${line}\n`);
    if (item?.kind !== 'entry') throw new Error('expected an entry');
    const spread = { ...item.entry, parentUuid: 'p' };
    const assigned = Object.assign({}, item.entry);
    expect(serializeEntry(item.entry)).toBe(line);
    expect(serializeEntry(spread)).toBe(JSON.stringify(spread));
    expect(serializeEntry(assigned)).toBe(JSON.stringify(assigned));
    expect(serializeEntry(structuredClone(item.entry))).toBe(JSON.stringify(item.entry));
    expect(Object.keys(item.entry)).not.toContain('sourceText');
  });

  it('keeps unknown fields of known kinds', () => {
    const line = '{"type":"user","uuid":"u","message":{"role":"user","content":"x","extra":[1]},"brandNew":true}';
    const [item] = readText(`${line}\n`);
    expect(item?.kind === 'entry' && (item.entry as Record<string, unknown>)['brandNew']).toBe(true);
  });

  it('handles CRLF, a BOM and blank lines', () => {
    const items = readText(Buffer.from(`\uFEFF${user('a')}\r\n\r\n   \n${user('b')}\r\n`, 'utf8'));
    expect(codes(items)).toEqual(['entry:1', 'entry:4']);
    expect(items[0]).toMatchObject({ offset: 3, raw: user('a') });
  });

  it('invalid UTF-8 is a diagnostic, not a silently altered entry', () => {
    const bad = Buffer.concat([Buffer.from('{"type":"user","uuid":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}\n')]);
    expect(codes(readText(bad))).toEqual(['invalid_utf8:1']);
  });

  it('a line over the limit is line_too_long with its start kept, and the next line still reads', () => {
    const long = `{"type":"user","uuid":"${'x'.repeat(5000)}"}`;
    const items = readText(`${long}\n${user('b')}\n`, { maxLineBytes: 1000, chunkBytes: 256 });
    expect(codes(items)).toEqual(['line_too_long:1', 'entry:2']);
    expect(items[0]).toMatchObject({ raw: long.slice(0, 1000) });
    expect(items[1]).toMatchObject({ offset: long.length + 1 });
  });

  it('reads the same items whatever the chunk size (lines and characters split across chunks)', () => {
    const text = `${user('a', 'héllo → ✓ wörld')}\n{bad\n${user('b', '日本語テキスト')}\n`;
    const whole = readText(text);
    for (const chunkBytes of [1, 2, 3, 7, 64]) expect(readText(text, { chunkBytes })).toEqual(whole);
  });

  it('the Observable reader over a file and over a stream gives what the sync reader gives', async () => {
    const text = `${user('a')}\n{bad\n${user('b')}`;
    const file = join(tempDir(), 't.jsonl');
    writeFileSync(file, text);
    const expected = readTranscriptFileSync(file);
    await expect(lastValueFrom(readTranscript(file, { chunkBytes: 5 }).pipe(toArray()))).resolves.toEqual(expected);
    const stream = Readable.from([Buffer.from(text.slice(0, 10)), Buffer.from(text.slice(10))]);
    await expect(lastValueFrom(readTranscript(stream).pipe(toArray()))).resolves.toEqual(expected);
  });

  it('a missing file is an error at the boundary, with the path in the message', async () => {
    expect(() => readTranscriptFileSync('no/such/file.jsonl')).toThrow(/no such file/);
    await expect(lastValueFrom(readTranscript('no/such/file.jsonl'))).rejects.toThrow('no/such/file.jsonl: no such file or directory');
  });

  it('continues from an offset with the line and seq it is given', () => {
    const a = user('a');
    const items = readText(`${a}\n${user('b')}\n`, { startOffset: Buffer.byteLength(a) + 1, startLine: 2, startSeq: 1 });
    expect(items).toMatchObject([{ kind: 'entry', seq: 1, line: 2, offset: Buffer.byteLength(a) + 1 }]);
  });
});
