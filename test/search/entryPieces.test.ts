import { describe, expect, it } from 'vitest';
import { entryPieces, MAX_TOOL_TEXT } from '../../src/search/index.js';
import { assistantEntry, toolResult, toolUse, userEntry } from '../../src/testing/index.js';

const long = 'build log line '.repeat(1000);

describe('entryPieces', () => {
  it('indexes the words of a message whole, however long', () => {
    expect(entryPieces(userEntry('u-1', long))).toEqual([{ role: 'user', kind: 'text', text: long }]);
  });

  it('cuts a tool result and a tool call to their first 2 KiB: their start names them (decision 89)', () => {
    expect(MAX_TOOL_TEXT).toBe(2048);
    const [result] = entryPieces(userEntry('u-2', [toolResult('t-1', long)]));
    expect(result).toEqual({ role: 'user', kind: 'tool_result', text: long.slice(0, 2048) });
    const [call] = entryPieces(assistantEntry('a-1', 'm-1', toolUse('t-1', 'Bash', { command: long })));
    expect(call?.kind).toBe('tool_use');
    expect(call?.text).toBe(`Bash ${JSON.stringify({ command: long })}`.slice(0, 2048));
  });
});
