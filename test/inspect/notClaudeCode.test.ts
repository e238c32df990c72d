import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectTranscript } from '../../src/inspect/inspectTranscript.js';
import { ENTRY_SCHEMAS } from '../../src/transcript/entrySchema.js';
import { KNOWN_ENTRY_TYPES } from '../../src/transcript/entryKinds.js';
import { userEntry } from '../../src/testing/entryBuilders.js';
import { realTranscripts, repoTranscripts } from '../catalog/catalogSupport.js';
import { tempDir } from '../support/tempDir.js';

/** A rollout line of another agent (Codex): JSON, with a `type` Claude Code never writes. */
const codexLine = (i: number): string =>
  JSON.stringify({
    timestamp: `2025-09-01T10:00:0${i}Z`,
    type: 'response_item',
    payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: `Always use tabs ${i}` }] },
  });

function fileOf(lines: readonly string[]): string {
  const file = join(tempDir(), 'session.jsonl');
  writeFileSync(file, lines.map((line) => `${line}\n`).join(''));
  return file;
}

describe('a file with no Claude Code entry is said to be one', () => {
  it('a file of another tool’s entries gets one not_claude_code diagnostic naming the kinds it holds', () => {
    const report = inspectTranscript(fileOf([0, 1, 2].map(codexLine)));
    expect(report.entries).toBe(3);
    expect(report.diagnostics).toEqual([
      {
        code: 'not_claude_code',
        line: 1,
        offset: 0,
        message: 'no line is a Claude Code entry (3 entries of kind response_item): not a Claude Code transcript',
      },
    ]);
  });

  it('one Claude Code entry among unknown kinds, an empty file, or a file of damaged lines gets no such diagnostic', () => {
    const mixed = inspectTranscript(fileOf([codexLine(0), JSON.stringify(userEntry('u-1', 'hello', { parentUuid: null }))]));
    expect(mixed.diagnostics).toEqual([]);
    expect(inspectTranscript(fileOf([])).diagnostics).toEqual([]);
    expect(inspectTranscript(fileOf(['{not json'])).diagnostics.map((d) => d.code)).toEqual(['malformed_json']);
  });

  it('the zod-free list of Claude Code entry kinds is the schema’s', () => {
    expect([...KNOWN_ENTRY_TYPES].sort()).toEqual(Object.keys(ENTRY_SCHEMAS).sort());
  });

  it('no real transcript and no transcript of the repository’s fixtures gets it, so their reports are unchanged', () => {
    const files = [...realTranscripts(), ...repoTranscripts()];
    expect(files.length).toBeGreaterThan(10);
    const flagged = files.filter((file) => inspectTranscript(file).diagnostics.some((d) => d.code === 'not_claude_code'));
    expect(flagged).toEqual([]);
  });
});
