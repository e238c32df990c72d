import { plainText, toolResultText } from '../blockText.js';
import { isToolResultBlock, isToolUseBlock } from '../../transcript/contentGuards.js';
import type { ModelMessage, ModelRequest } from '../port.js';

/**
 * The one prompt `claude -p` reads for a port request. A lone user message goes as its text;
 * a conversation (an agent's turns, with tool calls and results) is written out in tags, oldest
 * first, since print mode takes one prompt, not a message list.
 */
export function claudePrompt(request: ModelRequest): string {
  const [only] = request.messages;
  if (request.messages.length === 1 && only?.role === 'user' && typeof only.content === 'string') return only.content;
  return [
    'The conversation so far, oldest first (your own earlier turns are the assistant ones):',
    '',
    ...request.messages.map(renderMessage),
    '',
    'Continue as the assistant.',
  ].join('\n');
}

function renderMessage(message: ModelMessage): string {
  const parts: string[] = [];
  const text = plainText(message.content);
  if (text !== '') parts.push(text);
  if (typeof message.content !== 'string')
    for (const block of message.content) {
      if (isToolUseBlock(block))
        parts.push(`<tool_call id="${block.id}" name="${block.name}">${JSON.stringify(block.input ?? {})}</tool_call>`);
      if (isToolResultBlock(block))
        parts.push(
          `<tool_result id="${block.tool_use_id}"${block.is_error === true ? ' error="true"' : ''}>\n${toolResultText(block)}\n</tool_result>`,
        );
    }
  return `<${message.role}>\n${parts.join('\n')}\n</${message.role}>`;
}
