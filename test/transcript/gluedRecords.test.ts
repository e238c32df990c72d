import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeEntry } from '../../src/index.js';
import { LineDecoder } from '../../src/transcript/lineDecoder.js';
import type { RawLine } from '../../src/transcript/lineSplitter.js';
import type { ReadItem } from '../../src/transcript/readItem.js';
import { readItemAt } from '../../src/transcript/readItemAt.js';
import { TranscriptParser } from '../../src/transcript/transcriptParser.js';
import { tempDir } from '../support/tempDir.js';
import { userLine } from '../support/userLine.js';

const user = userLine;
const snapshot = JSON.stringify({ type: 'file-history-snapshot', messageId: 'm', snapshot: { trackedFileBackups: {} } });

/** A line as the splitter gives it, starting at `offset` of its stream. */
function rawLine(text: string, options: { offset?: number; line?: number; terminated?: boolean } = {}): RawLine {
  const bytes = Buffer.from(text, 'utf8');
  return {
    bytes,
    offset: options.offset ?? 0,
    length: bytes.length,
    line: options.line ?? 1,
    terminated: options.terminated ?? true,
    overflow: false,
  };
}

/** Every item of one line: the decoder's first, then each further one. */
function itemsOf(decoder: LineDecoder, line: RawLine): ReadItem[] {
  const items: ReadItem[] = [];
  for (let item = decoder.decode(line); item !== null; item = decoder.next()) items.push(item);
  return items;
}

const bytesOf = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('records glued on one line (decision 147)', () => {
  it('reads two records as two entries, each at its own first byte with its own seq and text', () => {
    const first = user('a');
    const items = itemsOf(new LineDecoder(3), rawLine(first + snapshot, { offset: 100, line: 7 }));
    expect(items).toMatchObject([
      { kind: 'entry', seq: 3, line: 7, offset: 100, raw: first },
      { kind: 'entry', seq: 4, line: 7, offset: 100 + bytesOf(first), raw: snapshot },
    ]);
    for (const item of items) if (item.kind === 'entry') expect(serializeEntry(item.entry)).toBe(item.raw);
  });

  it('reads three records, with whitespace before, between and after them', () => {
    const [a, b, c] = [user('a'), user('b'), user('c')];
    const line = ` ${a} \t${b}${c}  `;
    const items = itemsOf(new LineDecoder(), rawLine(line));
    expect(items.map((i) => (i.kind === 'entry' ? [i.seq, i.offset, i.raw] : i.code))).toEqual([
      [0, 1, a],
      [1, 1 + bytesOf(a) + 2, b],
      [2, 1 + bytesOf(a) + 2 + bytesOf(b), c],
    ]);
  });

  it('counts byte offsets past multi-byte text before the boundary', () => {
    const first = user('a', 'déjà vu 日本 🚀 "quoted" {not a brace} \\ end');
    const items = itemsOf(new LineDecoder(), rawLine(first + snapshot));
    expect(items.map((i) => i.offset)).toEqual([0, bytesOf(first)]);
    expect(bytesOf(first)).toBeGreaterThan(first.length);
  });

  it('leaves a line with one part that is not JSON as one malformed_json diagnostic, as before', () => {
    const line = `${user('a')}{"type":oops}`;
    const items = itemsOf(new LineDecoder(), rawLine(line));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'diagnostic', code: 'malformed_json', line: 1, offset: 0, raw: line });
  });

  it('leaves a record followed by a bare word as one malformed_json diagnostic', () => {
    const items = itemsOf(new LineDecoder(), rawLine(`${user('a')} true`));
    expect(items.map((i) => (i.kind === 'diagnostic' ? i.code : 'entry'))).toEqual(['malformed_json']);
  });

  it('gives a glued record that is JSON but no entry its own schema_mismatch, beside the entry', () => {
    const items = itemsOf(new LineDecoder(), rawLine(`${user('a')}[1,2]`));
    expect(items.map((i) => (i.kind === 'diagnostic' ? i.code : `entry ${i.seq}`))).toEqual(['entry 0', 'schema_mismatch']);
  });

  it('keeps an unterminated glued last line a torn line, as before', () => {
    const items = itemsOf(new LineDecoder(), rawLine(user('a') + snapshot, { terminated: false }));
    expect(items).toMatchObject([{ kind: 'diagnostic', code: 'truncated_line' }]);
  });

  it('reads the records apart through the parser, between whole lines, seqs in order', () => {
    const parser = new TranscriptParser();
    const text = `${user('a')}\n${user('b')}${snapshot}\n${user('c')}\n`;
    const items = [...parser.push(Buffer.from(text)), ...parser.end()];
    expect(items.map((i) => (i.kind === 'entry' ? [i.seq, i.line] : i.code))).toEqual([
      [0, 1],
      [1, 2],
      [2, 2],
      [3, 3],
    ]);
    expect(parser.nextSeq).toBe(4);
  });

  it('reads a glued record back at its own position, as the stream gave it', () => {
    const text = `${user('a')}\n${user('b', 'déjà')}${user('c')}${snapshot}\n`;
    const file = join(tempDir(), 'glued.jsonl');
    writeFileSync(file, text);
    const parser = new TranscriptParser();
    const items = [...parser.push(Buffer.from(text)), ...parser.end()];
    for (const item of items) {
      if (item.kind !== 'entry') throw new Error('every record is an entry');
      expect(readItemAt(file, { offset: item.offset, line: item.line, seq: item.seq })).toEqual(item);
    }
    expect(items).toHaveLength(4);
  });
});
