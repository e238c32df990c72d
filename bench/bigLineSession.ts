import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { writeCorpus } from './corpus.js';

/** Which message carries the big line: a tool's output (a file read, a command's log) or text the person pasted. */
export type BigLineKind = 'tool-result' | 'text';

const PLACEHOLDER = '\u0000big-line\u0000';
/** Escaped newlines make it read like a tool's output; every character is one byte in the file. */
const FILLER = 'line of output from a long-running tool, 0123456789 abcdefghij\\n';
const WRITE_BYTES = 1 << 20;

/**
 * Writes a small generated session (about 2 MB) in which one message, past the middle, is a
 * valid line of exactly `lineBytes` bytes: the shape of a huge tool result or paste. The line is
 * written a megabyte at a time, so the writer never holds it.
 */
export function writeBigLineSession(path: string, lineBytes: number, kind: BigLineKind, seed = 42): void {
  const base = `${path}.base`;
  writeCorpus(base, 2e6, seed);
  const lines = readFileSync(base, 'utf8').split('\n');
  rmSync(base);
  const at = lines.findIndex((line, i) => i > lines.length / 2 && isKind(line, kind));
  if (at === -1) throw new Error(`writeBigLineSession: no ${kind} message past the middle`);
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, `${lines.slice(0, at).join('\n')}\n`);
    writeBigLine(fd, lines[at] as string, lineBytes, kind);
    writeSync(fd, lines.slice(at + 1).join('\n'));
  } finally {
    closeSync(fd);
  }
}

function isKind(line: string, kind: BigLineKind): boolean {
  if (!line.includes('"type":"user"')) return false;
  const entry = JSON.parse(line) as { message?: { content?: unknown } };
  const content = entry.message?.content;
  if (kind === 'text') return typeof content === 'string';
  return Array.isArray(content) && content.length === 1 && (content[0] as { type?: string }).type === 'tool_result';
}

/** The line with its text swapped for `lineBytes` worth of filler, then its newline. */
function writeBigLine(fd: number, line: string, lineBytes: number, kind: BigLineKind): void {
  const entry = JSON.parse(line) as { message: { content: unknown }; toolUseResult?: unknown };
  if (kind === 'text') entry.message.content = PLACEHOLDER;
  else {
    (entry.message.content as Array<{ content: unknown }>)[0]!.content = PLACEHOLDER;
    entry.toolUseResult = { type: 'text' };
  }
  const [head, tail] = JSON.stringify(entry).split(JSON.stringify(PLACEHOLDER).slice(1, -1)) as [string, string];
  let left = lineBytes - Buffer.byteLength(head) - Buffer.byteLength(tail);
  if (left < 0) throw new Error(`writeBigLine: ${lineBytes} bytes is shorter than the entry around the text`);
  writeSync(fd, head);
  const block = FILLER.repeat(Math.ceil(WRITE_BYTES / FILLER.length));
  while (left > 0) {
    // Never end on half an escape: a lone backslash would escape the closing quote.
    const take = Math.min(left, block.length);
    const piece = block.slice(0, block[take - 1] === '\\' ? take - 1 : take);
    writeSync(fd, piece);
    left -= piece.length;
  }
  writeSync(fd, `${tail}\n`);
}
