import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Arranged } from './messagesServer.js';
import { repoRoot } from './paths.js';
import { tempDir } from './tempDir.js';

/** The real Claude Code CLI of the pinned devDependency (no network: it talks to a local fake API only). */
export const CLAUDE_BIN = join(repoRoot, 'node_modules', '.bin', 'claude');

type Block = Record<string, unknown>;
type Tool = { name: string; input_schema?: { properties?: Record<string, unknown> } };

/**
 * A step of the local Messages API, as Claude Code must see it: Claude Code asks for structured
 * output with a `StructuredOutput` tool, so the step's content becomes one call of that tool,
 * with memlog's tool envelope (`{text, calls}`) when the request offered tools, `{text}` for a
 * plain answer, else the JSON of the step's text. Steps without content (statuses, delays) pass through.
 */
export function viaClaudeCode(step: Arranged): Arranged {
  if (step.kind !== 'reply' && step.kind !== 'answer') return step;
  return {
    kind: 'answer',
    stopReason: 'tool_use',
    content: (body) => {
      const content = (step.kind === 'reply' ? step.content : step.content(body)) as Block[];
      const tool = ((body['tools'] ?? []) as Tool[]).find((t) => t.name === 'StructuredOutput');
      if (tool === undefined) return content;
      return [{ type: 'tool_use', id: 'toolu_structured', name: 'StructuredOutput', input: structuredInput(tool, content) }];
    },
  };
}

function structuredInput(tool: Tool, content: readonly Block[]): unknown {
  const text = content.flatMap((b) => (b['type'] === 'text' ? [String(b['text'])] : [])).join('');
  const properties = Object.keys(tool.input_schema?.properties ?? {});
  if (properties.length === 1 && properties[0] === 'text') return { text };
  if (!properties.includes('calls')) return JSON.parse(text) as unknown;
  const calls = content.flatMap((b) => (b['type'] === 'tool_use' ? [{ name: b['name'], input: b['input'] }] : []));
  return { text, calls };
}

/** The hook events a test's settings arm, each writing a marker file if it ever runs. */
const HOOK_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'SessionEnd'] as const;

/**
 * A Claude Code configuration folder of the test's own, with settings whose hooks each write a
 * marker into `markers/` (none may appear), and the environment that points the real CLI at it,
 * at the local fake API, with a dummy key.
 */
export function claudeCodeHome(baseURL: string): { readonly configDir: string; readonly markers: string; readonly env: NodeJS.ProcessEnv } {
  const configDir = tempDir('memlog-claude-home-');
  const markers = join(configDir, 'markers');
  mkdirSync(markers);
  const hooks = Object.fromEntries(
    HOOK_EVENTS.map((event) => [event, [{ hooks: [{ type: 'command', command: `touch ${join(markers, event)}` }] }]]),
  );
  writeFileSync(join(configDir, 'settings.json'), JSON.stringify({ hooks }));
  return {
    configDir,
    markers,
    env: {
      PATH: process.env['PATH'],
      HOME: configDir,
      CLAUDE_CONFIG_DIR: configDir,
      ANTHROPIC_BASE_URL: baseURL,
      ANTHROPIC_API_KEY: 'dummy-test-key',
      MEMLOG_CLAUDE_BIN: CLAUDE_BIN,
    },
  };
}
