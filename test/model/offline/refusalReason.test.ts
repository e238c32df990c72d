import { describe, expect, it } from 'vitest';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { answersIn, refusalReason } from '../../../src/model/offline/askAnswers.js';

const REFUSED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file).";
const NOTE =
  "Note: The user's next message may contain a correction or preference. Pay close attention — if they explain what went wrong or how they'd prefer you to work, consider saving that to memory for future sessions.";
const refused = (reason: string) => `${REFUSED} To tell you how to proceed, the user said:\n${reason}\n\n${NOTE}`;

// Sentences written for these tests (decision 97), none taken from a corpus.
describe('the reason a person typed when refusing a tool call is their words (decision 97)', () => {
  it('is read without the note Claude Code adds after it', () => {
    expect(refusalReason(refused('Never edit the generated client, change the OpenAPI spec instead.'))).toEqual([
      'Never edit the generated client, change the OpenAPI spec instead.',
    ]);
  });

  it('a refusal without a reason, or with the canned reason of "clarify", holds none', () => {
    expect(refusalReason(`${REFUSED} STOP what you are doing and wait for the user to tell you how to proceed.`)).toEqual([]);
    expect(
      refusalReason(refused('The user wants to clarify these questions.\n    This means they may have additional information.')),
    ).toEqual([]);
  });

  it('is kept as a rule from the result of any refused call', () => {
    const kept = findMemoryStatements([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_edit', name: 'Edit', input: {} }] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_edit', is_error: true, content: refused('Never edit the generated client.') }],
      },
    ]);
    expect(kept.map((s) => [s.type, s.text])).toEqual([['feedback', 'Never edit the generated client.']]);
  });

  it('while the rest of a tool result stays no one’s words', () => {
    const kept = findMemoryStatements([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_bash', name: 'Bash', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_bash', content: 'Never edit the generated client.' }] },
    ]);
    expect(kept).toEqual([]);
  });

  it('is read from a refused plan, which Claude Code words the same way', () => {
    const kept = findMemoryStatements([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_plan', name: 'ExitPlanMode', input: {} }] },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_plan', is_error: true, content: refused('Never touch the billing schema.') }],
      },
    ]);
    expect(kept.map((s) => s.text)).toEqual(['Never touch the billing schema.']);
  });
});

// A document or a log that quotes Claude Code's wording is output, not the person refusing (decision 97).
describe('a tool result that only quotes the refusal wording holds no one’s words', () => {
  const quoted = [
    '# How refusals look\n\nA refused call reads "To tell you how to proceed, the user said:" and then the reason.\n\nNever bump the major version.',
    `logs/session.jsonl:12:{"content":"${REFUSED} To tell you how to proceed, the user said:\\nAlways pin the toolchain."}`,
  ];

  it('is not a refusal when the text does not open with Claude Code’s refusal', () => {
    for (const text of quoted) expect(refusalReason(text)).toEqual([]);
  });

  it('is not read from a Read of a document or a grep of a transcript', () => {
    for (const text of quoted) {
      const blocks = [{ type: 'tool_result' as const, tool_use_id: 'toolu_read', content: text }];
      expect(answersIn(blocks, new Set())).toEqual([]);
    }
  });

  it('is not a refusal when the result says it is no error', () => {
    const blocks = [
      { type: 'tool_result' as const, tool_use_id: 'toolu_cat', is_error: false, content: refused('Always pin the toolchain.') },
    ];
    expect(answersIn(blocks, new Set())).toEqual([]);
  });

  it('keeps the reason of a refusal whose block says it is an error, or says nothing', () => {
    const result = (isError?: boolean) => ({
      type: 'tool_result' as const,
      tool_use_id: 'toolu_edit',
      ...(isError === undefined ? {} : { is_error: isError }),
      content: refused('Always pin the toolchain.'),
    });
    expect(answersIn([result(true)], new Set())).toEqual(['Always pin the toolchain.']);
    expect(answersIn([result()], new Set())).toEqual(['Always pin the toolchain.']);
  });
});
