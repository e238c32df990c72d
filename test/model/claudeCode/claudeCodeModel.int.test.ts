import { chmodSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelPortError } from '../../../src/index.js';
import { ClaudeCodeModel } from '../../../src/model/claudeCode/index.js';
import { claudeCodeHome, viaClaudeCode } from '../../support/claudeCodeFake.js';
import { MessagesServer } from '../../support/messagesServer.js';
import { tempDir } from '../../support/tempDir.js';

const SCHEMA = { type: 'object', properties: { write_likely: { type: 'boolean' } }, required: ['write_likely'] };

type Body = {
  model: string;
  system: Array<{ text: string }>;
  messages: Array<{ role: string; content: unknown }>;
  tools: Array<{ name: string; input_schema: unknown }>;
};

describe('ClaudeCodeModel: the real Claude Code CLI against a local Messages API', () => {
  let server: MessagesServer;
  let home: ReturnType<typeof claudeCodeHome>;
  beforeEach(async () => {
    server = new MessagesServer();
    home = claudeCodeHome(await server.start());
  });
  afterEach(() => server.stop());
  const model = (extra: Partial<ConstructorParameters<typeof ClaudeCodeModel>[0]> = {}) =>
    new ClaudeCodeModel({ env: home.env, retryDelayMs: 10, ...extra });

  it("memlog's prompt arrives as the prompt, its system prompt and schema with it; the structured answer is parsed", async () => {
    server.arrange(viaClaudeCode({ kind: 'reply', content: [{ type: 'text', text: '{"write_likely":true}' }] }));
    const port = model();
    const reply = await port.complete({
      system: 'You decide.',
      messages: [{ role: 'user', content: 'Is this worth keeping?' }],
      maxTokens: 64,
      outputSchema: SCHEMA,
    });
    expect(reply.content).toEqual([{ type: 'text', text: '{"write_likely":true}' }]);
    expect(reply.usage).toMatchObject({ inputTokens: 10, outputTokens: 5 });
    expect(port.costUsd).toBeGreaterThan(0);
    const posts = server.received.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as unknown as Body;
    expect(body.model).toMatch(/haiku/);
    expect(body.system.map((b) => b.text)).toContain('You decide.');
    expect(JSON.stringify(body.messages[0]!.content)).toContain('Is this worth keeping?');
    expect(body.tools.find((t) => t.name === 'StructuredOutput')?.input_schema).toEqual(SCHEMA);
    // Only the structured-output tool: Claude Code's own tools are off.
    expect(body.tools.map((t) => t.name).filter((n) => n !== 'DeferredToolPlaceholder')).toEqual(['StructuredOutput']);
  }, 60_000);

  it('tools go through the envelope: the calls come back as tool_use blocks the agent loop runs', async () => {
    server.arrange(
      viaClaudeCode({ kind: 'reply', content: [{ type: 'tool_use', id: 'x', name: 'Read', input: { file_path: 'MEMORY.md' } }] }),
    );
    const reply = await model().complete({
      messages: [{ role: 'user', content: 'look' }],
      maxTokens: 64,
      tools: [
        { name: 'Read', description: 'reads a file', inputSchema: { type: 'object', properties: { file_path: { type: 'string' } } } },
      ],
    });
    expect(reply.stopReason).toBe('tool_use');
    expect(reply.content).toEqual([
      { type: 'tool_use', id: expect.stringMatching(/^toolu_cc_/), name: 'Read', input: { file_path: 'MEMORY.md' } },
    ]);
  }, 60_000);

  it('a retryable error (529) is retried; a 403 is not', async () => {
    server.arrange({ kind: 'status', status: 529 }, viaClaudeCode({ kind: 'reply', content: [{ type: 'text', text: 'fine' }] }));
    expect((await model().complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 })).content).toEqual([
      { type: 'text', text: 'fine' },
    ]);
    // A 403: Claude Code asks again after a 400 or a 404 on its own (fallbacks), never after a 403.
    server.arrange({ kind: 'status', status: 403 });
    const error = await model()
      .complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as ModelPortError).status).toBe(403);
    expect(server.received).toHaveLength(3);
    expect(server.pending).toBe(0);
  }, 90_000);

  it('a call slower than the timeout: Claude Code is stopped and the error names the timeout', async () => {
    server.arrange({ kind: 'slow', delayMs: 30_000 });
    const error = await model({ timeoutMs: 4_000, maxRetries: 0 })
      .complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelPortError);
    expect((error as Error).message).toMatch(/did not answer within 4 s/);
  }, 60_000);

  it('leaves no trace: no session under CLAUDE_CONFIG_DIR/projects, no hook ran', async () => {
    server.arrange(viaClaudeCode({ kind: 'reply', content: [{ type: 'text', text: 'ok' }] }));
    await model().complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 16 });
    expect(existsSync(join(home.configDir, 'projects')) ? readdirSync(join(home.configDir, 'projects'), { recursive: true }) : []).toEqual(
      [],
    );
    expect(readdirSync(home.markers)).toEqual([]);
  }, 60_000);

  it('an older Claude Code without --no-session-persistence is refused, naming the flags, before any call is made', () => {
    const bin = join(tempDir(), 'claude');
    const help =
      '  -p, --print  Print\\n  --output-format <f>\\n  --json-schema <s>\\n  --tools <t...>\\n  --model <m>\\n  --system-prompt <p>\\n';
    writeFileSync(bin, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "1.0.0 (Claude Code)"; else printf '${help}'; fi\n`);
    chmodSync(bin, 0o755);
    expect(() => model({ bin })).toThrow(
      /^this Claude Code \(1\.0\.0 \(Claude Code\)\) lacks --no-session-persistence, --safe-mode, --settings, --strict-mcp-config, --disable-slash-commands: /,
    );
    expect(server.received).toEqual([]);
  }, 60_000);
});
