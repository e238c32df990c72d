import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatContext, loadContext, nodeFileSource } from '../../src/index.js';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { tempDir } from '../support/tempDir.js';

describe('blocks the Messages API does not take', () => {
  it('are left out of the request and named in one diagnostic, never dropped silently', async () => {
    const dir = tempDir();
    const transcript = join(dir, 'session.jsonl');
    const entries = [
      userEntry('u1', [text('hello'), { type: 'connector_text', connector_text: 'x' }]),
      assistantEntry('a1', 'm1', { type: 'mcp_tool_use', id: 'mcp1', name: 'q', server_name: 's', input: {} }, { parentUuid: 'u1' }),
      assistantEntry('a2', 'm1', text('hi'), { parentUuid: 'a1' }),
    ];
    writeFileSync(transcript, entries.map((entry) => JSON.stringify(entry)).join('\n') + '\n');
    const context = await loadContext({
      transcriptPath: transcript,
      files: nodeFileSource,
      configDir: join(dir, 'config'),
      home: join(dir, 'home'),
      memory: false,
    });
    const kinds = context.request.body.messages.flatMap((m) => m.content.map((b) => b.type));
    expect(kinds).not.toContain('connector_text');
    expect(kinds).not.toContain('mcp_tool_use');
    expect(context.diagnostics).toEqual([
      {
        code: 'block_dropped',
        path: transcript,
        message: 'content blocks the Messages API does not take were left out: connector_text ×1, mcp_tool_use ×1',
      },
    ]);
    expect(formatContext('session.jsonl', context)).toContain('block_dropped: ');
  });
});
