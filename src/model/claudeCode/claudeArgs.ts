/**
 * How memlog runs Claude Code so that its calls leave no trace (decision 71): print mode, no
 * session written, safe mode (no hooks, plugins, CLAUDE.md, skills or MCP servers of the
 * person's), hooks disabled again by flag settings, no built-in tools, no slash commands.
 */
export const NO_TRACE_FLAGS = [
  '--print',
  '--output-format',
  'json',
  '--no-session-persistence',
  '--safe-mode',
  '--settings',
  '{"disableAllHooks":true}',
  '--strict-mcp-config',
  '--tools',
  '',
  '--disable-slash-commands',
] as const;

/** The flags memlog needs from the installed Claude Code; a version without one is refused (decision 71). */
export const REQUIRED_FLAGS = [
  '--print',
  '--output-format',
  '--json-schema',
  '--no-session-persistence',
  '--safe-mode',
  '--settings',
  '--strict-mcp-config',
  '--tools',
  '--disable-slash-commands',
  '--system-prompt',
  '--model',
] as const;

/**
 * The environment of every call: no telemetry or other non-essential traffic, no auto-updater,
 * no auto-memory; Claude Code's own retries off, since the adapter retries (one policy, one count).
 */
export const NO_TRACE_ENV: Readonly<Record<string, string>> = {
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_AUTOUPDATER: '1',
  CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1',
  CLAUDE_CODE_MAX_RETRIES: '0',
};

/** The command line of one call: the no-trace flags, the model, memlog's system prompt, the answer's schema. */
export function claudeArgs(model: string, system: string, schema: Readonly<Record<string, unknown>>): string[] {
  return [...NO_TRACE_FLAGS, '--model', model, '--system-prompt', system, '--json-schema', JSON.stringify(schema)];
}
