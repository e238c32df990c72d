import type { ContentBlock } from '../transcript/contentSchema.js';
import type { LoadedContext } from './loadedContext.js';

export interface FormatOptions {
  /** Print every text whole instead of its first line. */
  readonly full?: boolean;
}

const n = (value: number): string => value.toLocaleString('en-US');

/** The readable view of `memlog context`: the parts with their token estimates, then the request itself. */
export function formatContext(transcript: string, context: LoadedContext, options: FormatOptions = {}): string {
  const { body, parts, sections } = context.request;
  const lines: string[] = [`memlog context: ${transcript}`, `  cwd ${context.cwd}; model ${body.model}; max_tokens ${n(body.max_tokens)}`];
  lines.push(`  memory: ${context.memoryDir ?? 'off'}`);
  lines.push('', 'parts (rough tokens, characters / 4):');
  const sectionList = sections.map((s) => `${s.name} ${n(Math.round(s.text.length / 4))}`).join(', ');
  lines.push(`  system       ${pad(parts.system)}  (${sectionList})`);
  lines.push(`  index        ${pad(parts.index)}  (${context.index === null ? 'no MEMORY.md shown' : context.index.path})`);
  lines.push(
    `  attachments  ${pad(parts.attachments)}  (${context.instructionFiles.length} instruction file(s) and the date in the user context; ${context.attachments.length} memory reminder(s))`,
  );
  lines.push(`  messages     ${pad(parts.messages)}  (${body.messages.length} messages)`);
  lines.push(`  total        ${pad(parts.total)}`);
  // The API's count (compact's "before") is of Claude Code's own request, whose system prompt and tools memlog does not rebuild.
  lines.push(`  (the request memlog rebuilds; the API's count, compact's "before", adds Claude Code's own system prompt and tools)`);
  if (context.instructionFiles.length > 0) {
    lines.push('', 'instruction files, in load order (later ones weigh more):');
    for (const file of context.instructionFiles)
      lines.push(`  ${file.kind.padEnd(8)} ${file.path}${file.includedFrom === undefined ? '' : `  (from ${file.includedFrom})`}`);
  }
  if (context.attachments.length > 0) {
    lines.push('', 'memory reminders:');
    for (const a of context.attachments) lines.push(`  ${a.kind.padEnd(24)} ${a.path ?? a.detail ?? ''}`.trimEnd());
  }
  if (context.recall !== undefined)
    lines.push(
      '',
      `recall: ${context.recall.chosen.length} memory file(s) chosen${context.recall.skipped === undefined ? '' : ` (${context.recall.skipped})`}`,
    );
  const skipped = Object.entries(context.skippedAttachments);
  if (skipped.length > 0)
    lines.push(
      '',
      `logged attachments left out (Claude Code's own, not memory): ${skipped.map(([kind, count]) => `${kind} ×${count}`).join(', ')}`,
    );
  if (context.diagnostics.length > 0) {
    lines.push('', 'diagnostics:');
    for (const d of context.diagnostics) lines.push(`  ${d.code}: ${d.path}: ${d.message}`);
  }
  lines.push('', '── system ──');
  lines.push(...(body.system ?? []).map((block) => (options.full === true ? block.text : clip(block.text, 600))));
  lines.push('', '── messages ──');
  body.messages.forEach((message, i) => {
    lines.push(`[${i}] ${message.role}`);
    for (const block of message.content) lines.push(`  ${describeBlock(block, options.full === true)}`);
  });
  return `${lines.join('\n')}\n`;
}

function pad(value: number): string {
  return n(value).padStart(8);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${n(text.length)} characters)`;
}

function oneLine(text: string, full: boolean): string {
  if (full) return text.replace(/\n/g, '\n    ');
  const first = text.split('\n').find((line) => line.trim() !== '' && !line.startsWith('<system-reminder>')) ?? '';
  const more = text.length > first.length ? ` … (${n(text.length)} characters)` : '';
  return `${first.slice(0, 160)}${first.length > 160 ? '…' : ''}${more}`;
}

function describeBlock(block: ContentBlock, full: boolean): string {
  const b = block as Record<string, unknown>;
  switch (block.type) {
    case 'text': {
      const text = String(b['text']);
      return text.startsWith('<system-reminder>') ? `reminder: ${oneLine(text, full)}` : `text: ${oneLine(text, full)}`;
    }
    case 'thinking':
      return `thinking (${n(String(b['thinking']).length)} characters)`;
    case 'redacted_thinking':
      return 'redacted thinking';
    case 'tool_use':
      return `tool_use ${String(b['name'])} ${String(b['id'])} ${clip(JSON.stringify(b['input']), full ? Infinity : 120)}`;
    case 'tool_result': {
      const content = b['content'];
      const text =
        typeof content === 'string'
          ? content
          : Array.isArray(content)
            ? (content as Array<Record<string, unknown>>)
                .map((c) => (c['type'] === 'text' ? String(c['text']) : `[${String(c['type'])}]`))
                .join(' ')
            : '';
      return `tool_result ${String(b['tool_use_id'])}${b['is_error'] === true ? ' (error)' : ''}: ${oneLine(text, full)}`;
    }
    default:
      return `${block.type}`;
  }
}
