import { randomUUID } from 'node:crypto';
import { ModelPortError } from '../../errors.js';
import type { ContentBlock } from '../../transcript/contentSchema.js';
import type { ModelRequest, ToolDefinition } from '../port.js';
import { isJsonObject } from '../tolerantJson.js';

/**
 * Tools through structured output (decision 71): Claude Code runs with no tools of its own, so a
 * job's tools are described in the system prompt and the answer is `{text, calls}`, each call a
 * tool name and its input. memlog's agent loop runs them, as it does the API's tool_use blocks.
 */
export function envelopeSchema(tools: readonly ToolDefinition[], forced: string | undefined): Record<string, unknown> {
  const names = forced === undefined ? tools.map((t) => t.name) : [forced];
  return {
    type: 'object',
    properties: {
      text: { type: 'string', description: 'what you say (may be empty)' },
      calls: {
        type: 'array',
        ...(forced === undefined ? {} : { minItems: 1 }),
        items: {
          type: 'object',
          properties: { name: { type: 'string', enum: names }, input: { type: 'object' } },
          required: ['name', 'input'],
        },
      },
    },
    required: ['calls'],
  };
}

/** The system prompt's part that offers the tools. */
export function toolsPrompt(tools: readonly ToolDefinition[], forced: string | undefined): string {
  const list = tools.map((t) => `- ${t.name}: ${t.description}\n  input schema: ${JSON.stringify(t.inputSchema)}`).join('\n');
  return [
    'You call tools by answering with `calls`: each a tool name and its input, as the tools below define. They run, and the next turn shows you their results.',
    forced === undefined ? 'When you are done, answer with no calls and your last words in `text`.' : `Call ${forced} now.`,
    '',
    'Tools:',
    list,
  ].join('\n');
}

/** The reply's blocks for an envelope: its text, then each call as a tool_use block. */
export function envelopeBlocks(answer: unknown): { content: ContentBlock[]; calls: number } {
  const calls = isJsonObject(answer) && Array.isArray(answer['calls']) ? (answer['calls'] as unknown[]) : undefined;
  if (!isJsonObject(answer) || calls === undefined)
    throw new ModelPortError('Claude Code answered without the `calls` memlog asked for', 422, {});
  const text = typeof answer['text'] === 'string' ? answer['text'] : '';
  const batch = randomUUID().slice(0, 8);
  const content: ContentBlock[] = text === '' ? [] : [{ type: 'text', text }];
  calls.forEach((call, i) => {
    if (!isJsonObject(call) || typeof call['name'] !== 'string' || !isJsonObject(call['input']))
      throw new ModelPortError(`Claude Code's call ${i + 1} is not a tool name with an input object; it is refused, not run`, 422, {
        malformedToolInput: true,
      });
    content.push({ type: 'tool_use', id: `toolu_cc_${batch}_${i}`, name: call['name'], input: call['input'] });
  });
  return { content, calls: calls.length };
}

/** Whether a request needs the envelope (it offers tools). */
export const needsEnvelope = (request: ModelRequest): boolean => (request.tools?.length ?? 0) > 0;
