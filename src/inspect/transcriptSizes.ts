import { closeSync, openSync, readSync } from 'node:fs';
import { gluedValueSpans } from '../transcript/gluedValues.js';
import { LineSplitter } from '../transcript/index.js';

/** Where a transcript's bytes go, by kind (decision 82). `metadata` is everything else: ids, usage, envelopes. */
export interface SizeByKind {
  fileHistory: number;
  tools: number;
  images: number;
  thinking: number;
  text: number;
  metadata: number;
}

export const SIZE_KINDS = ['fileHistory', 'tools', 'images', 'thinking', 'text', 'metadata'] as const;

export const emptySizes = (): SizeByKind => ({ fileHistory: 0, tools: 0, images: 0, thinking: 0, text: 0, metadata: 0 });

export function addSizes(into: SizeByKind, more: SizeByKind): void {
  for (const kind of SIZE_KINDS) into[kind] += more[kind];
}

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
type Block = { type?: unknown; content?: unknown };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A content block's bytes by kind; a tool result's images count as images. */
function addBlock(sizes: SizeByKind, block: Block): void {
  if (block.type === 'text') sizes.text += jsonBytes(block);
  else if (block.type === 'thinking' || block.type === 'redacted_thinking') sizes.thinking += jsonBytes(block);
  else if (block.type === 'image' || block.type === 'document') sizes.images += jsonBytes(block);
  else if (block.type === 'tool_use') sizes.tools += jsonBytes(block);
  else if (block.type === 'tool_result') {
    const images = Array.isArray(block.content)
      ? (block.content as unknown[]).filter((b): b is Block => isObject(b) && b.type === 'image')
      : [];
    const imageBytes = images.reduce((sum, image) => sum + jsonBytes(image), 0);
    sizes.images += imageBytes;
    sizes.tools += jsonBytes(block) - imageBytes;
  }
}

/** A line parsed, when it is a JSON object. */
function parsedObject(bytes: Uint8Array): { type?: unknown; message?: unknown; toolUseResult?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** One line's bytes by kind: the parts named by their JSON length, the rest of the line as metadata. */
function addLine(sizes: SizeByKind, bytes: Uint8Array, length: number): void {
  const entry = parsedObject(bytes);
  // Not JSON, or JSON that is no entry (null, a number, a list): all of it is metadata, but for records glued on it.
  if (entry === undefined) {
    const spans = gluedValueSpans(bytes);
    if (spans !== null) return addGluedLine(sizes, bytes, spans, length);
    sizes.metadata += length;
    return;
  }
  if (entry.type === 'file-history-snapshot') {
    sizes.fileHistory += length;
    return;
  }
  const parts = emptySizes();
  const content = isObject(entry.message) ? entry.message.content : undefined;
  if (typeof content === 'string') parts.text += jsonBytes(content);
  else if (Array.isArray(content)) for (const block of content) if (isObject(block)) addBlock(parts, block);
  // Claude Code keeps a tool's own result beside the message (toolUseResult): tool bytes too.
  if (entry.toolUseResult !== undefined) parts.tools += jsonBytes(entry.toolUseResult);
  const named = SIZE_KINDS.reduce((sum, kind) => sum + parts[kind], 0);
  parts.metadata = Math.max(0, length - named);
  addSizes(sizes, parts);
}

/** A line holding records glued without a newline: each sized as a line of its own, what is between them as metadata (decision 147). */
function addGluedLine(sizes: SizeByKind, bytes: Uint8Array, spans: ReadonlyArray<{ start: number; end: number }>, length: number): void {
  let sized = 0;
  for (const { start, end } of spans) {
    addLine(sizes, bytes.subarray(start, end), end - start);
    sized += end - start;
  }
  sizes.metadata += length - sized;
}

/** A transcript's bytes by kind, read in chunks, one line in memory at a time; a line too long to parse counts as metadata. */
export function transcriptSizes(path: string, chunkBytes = 1 << 20): SizeByKind {
  const sizes = emptySizes();
  const splitter = new LineSplitter();
  const emit = (line: { bytes: Uint8Array; length: number; overflow: boolean; terminated: boolean }): void => {
    // The newline is the line's too.
    if (line.overflow) sizes.metadata += line.length + (line.terminated ? 1 : 0);
    else addLine(sizes, line.bytes, line.length + (line.terminated ? 1 : 0));
  };
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(chunkBytes);
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) splitter.push(buffer.subarray(0, read), emit);
    splitter.end(emit);
  } finally {
    closeSync(fd);
  }
  return sizes;
}
