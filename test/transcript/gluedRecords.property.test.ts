import fc from 'fast-check';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldFile } from '../../src/catalog/foldFile.js';
// The fast scan's fall-back, which reads a glued line, needs the full decoding loaded in this thread (decision 96).
import '../../src/catalog/fullDecodingLoaded.js';
import { scanInto } from '../../src/catalog/scanFile.js';
import type { ScanItem } from '../../src/catalog/scanItem.js';
import type { SessionSummary } from '../../src/catalog/sessionSummary.js';
import type { ReadItem } from '../../src/transcript/readItem.js';
import { TranscriptParser } from '../../src/transcript/transcriptParser.js';
import { foldingOn } from '../catalog/catalogSupport.js';
import { entryObject } from '../support/arbitraries.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';
import { tricky } from '../support/trickyChainArbitrary.js';

/** Valid records: whole conversations, chains that trip a forgetful index, and every kind Claude Code writes (or may). */
const records = fc
  .oneof(conversation, tricky, fc.array(entryObject, { minLength: 1, maxLength: 8 }))
  .map((entries) => entries.map((entry) => JSON.stringify(entry)))
  .filter((texts) => texts.length > 0);

/** What stands between two records: the newline, or none (glued), with or without a space or tab. */
const separator = fc.constantFrom('\n', '\n', '', '', ' ', '\t ');

/** A transcript of the records, some written without the newline between them (decision 147). */
const glued = records.chain((texts) =>
  fc.tuple(fc.constant(texts), fc.array(separator, { minLength: texts.length, maxLength: texts.length }), fc.nat()),
);

function textOf(texts: readonly string[], separators: readonly string[]): string {
  return texts.map((text, i) => (i === texts.length - 1 ? `${text}\n` : `${text}${separators[i] ?? '\n'}`)).join('');
}

/** Lines that hold more than one record. */
function gluedLineCount(separators: readonly string[], records: number): number {
  let lines = 0;
  let onLine = 1;
  for (let i = 0; i < records - 1; i++) {
    if ((separators[i] ?? '\n') === '\n') {
      if (onLine > 1) lines++;
      onLine = 1;
    } else onLine++;
  }
  return onLine > 1 ? lines + 1 : lines;
}

/** The parser's items for bytes pushed in chunks of `chunk` bytes. */
function parsed(bytes: Buffer, chunk: number): ReadItem[] {
  const parser = new TranscriptParser();
  const items: ReadItem[] = [];
  for (let at = 0; at < bytes.length; at += chunk) items.push(...parser.push(bytes.subarray(at, at + chunk)));
  return [...items, ...parser.end()];
}

function scanned(path: string, size: number): ScanItem[] {
  const items: ScanItem[] = [];
  const fd = openSync(path, 'r');
  try {
    scanInto({ nextSeq: 0, add: (item) => items.push(item) }, fd, { offset: 0, line: 1 }, size);
  } finally {
    closeSync(fd);
  }
  return items;
}

/** A summary without what depends on where lines break: the line count, the glued lines, the boundaries' line numbers. */
function withoutLineNumbers(summary: SessionSummary): unknown {
  const { lines: _lines, gluedLines: _glued, compactBoundaries, ...rest } = summary;
  return { ...rest, boundaries: compactBoundaries.map(({ line: _line, ...boundary }) => boundary) };
}

const uuidOf = (entry: unknown): unknown => (entry as { uuid?: unknown }).uuid;

describe('records glued on one line, read back (decision 147)', () => {
  it('give the parser and the catalog scan the same entries, in order, with the seqs and offsets of their own records', () => {
    const dir = tempDir();
    let run = 0;
    fc.assert(
      fc.property(glued, ([texts, separators, chunkSeed]) => {
        const bytes = Buffer.from(textOf(texts, separators), 'utf8');
        const items = parsed(bytes, 1 + (chunkSeed % 97));
        expect(items.map((item) => item.kind)).toEqual(texts.map(() => 'entry'));
        expect(items.map((item) => (item.kind === 'entry' ? [item.seq, item.raw, uuidOf(item.entry)] : []))).toEqual(
          texts.map((text, seq) => [seq, text, uuidOf(JSON.parse(text))]),
        );
        for (const item of items) expect(bytes.subarray(item.offset, item.offset + Buffer.byteLength(item.raw)).toString()).toBe(item.raw);

        const path = join(dir, `glued-${run++}.jsonl`);
        writeFileSync(path, bytes);
        const scan = scanned(path, bytes.length);
        expect(scan.map((item) => (item.kind === 'entry' ? [item.seq, item.line, item.offset] : item.code))).toEqual(
          items.map((item) => (item.kind === 'entry' ? [item.seq, item.line, item.offset] : item.code)),
        );
      }),
      { numRuns: fcRuns },
    );
  });

  it('fold in the catalog as the same records one a line do, counting the glued lines, whole or grown at any byte', () => {
    const dir = tempDir();
    let run = 0;
    fc.assert(
      fc.property(glued, ([texts, separators, cutSeed]) => {
        const apart = join(dir, `apart-${run}.jsonl`);
        const together = join(dir, `together-${run++}.jsonl`);
        const bytes = Buffer.from(textOf(texts, separators), 'utf8');
        writeFileSync(apart, textOf(texts, []));
        writeFileSync(together, bytes);
        const expected = foldFile({ path: apart }).summary;
        const whole = foldFile({ path: together }).summary;
        expect(withoutLineNumbers(whole)).toEqual(withoutLineNumbers(expected));
        expect(whole.diagnostics).toEqual([]);
        expect(whole.gluedLines).toBe(gluedLineCount(separators, texts.length));
        expect(whole.lines).toBe(1 + separators.slice(0, texts.length - 1).filter((s) => s === '\n').length);

        // A growth cut anywhere, a glued line included, folds on to the fold of the whole file: no record read twice.
        const grown = join(dir, `grown-${run}.jsonl`);
        const cut = cutSeed % (bytes.length + 1);
        writeFileSync(grown, bytes.subarray(0, cut));
        const catalog = foldingOn();
        catalog.fold(grown);
        writeFileSync(grown, bytes);
        const grownFold = catalog.fold(grown);
        expect(grownFold.foldedOn).toBe(true);
        expect(grownFold.summary).toEqual(whole);
      }),
      { numRuns: fcRuns },
    );
  });
});
