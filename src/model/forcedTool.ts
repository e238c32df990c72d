import type { ModelRequest } from './port.js';

/** The tool a request forces: the Anthropic `tool_choice` that jobs put in providerData, for adapters that translate it. */
export function forcedTool(request: ModelRequest): string | undefined {
  const choice = request.providerData?.['tool_choice'] as { type?: unknown; name?: unknown } | undefined;
  return choice?.type === 'tool' && typeof choice.name === 'string' ? choice.name : undefined;
}
