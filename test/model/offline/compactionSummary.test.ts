import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';

// A compaction's summary reaches the model as a user message: it is no one's words (decision 106). Example text written for these tests.
const user = (content: ModelMessage['content']): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });
const keptOf = (message: ModelMessage): string[] =>
  findMemoryStatements([assistant('I looked at the module.'), message]).map((s) => s.text);

/** A summary as Claude Code 2.1.x writes it: its opening, the summary (with what the person said), its closing paragraphs. */
const summary = [
  'This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.',
  '',
  'Summary:',
  '1. Primary Request: The user wants the exporter rewritten. They said we always use pnpm, never npm.',
  '2. Work done: Added retry sections (Network Retry Plan) above the status bar. Total cost computation now sums 3 objects instead of 2.',
  '   Need to verify this is sufficient or if extra checks are needed.',
  '',
  'If you need specific details from before compaction (like exact code snippets, error messages, or content you generated), read the full transcript at: ~/.claude/projects/p/0000.jsonl',
  'Please continue the conversation from where we left off without asking the user any further questions.',
].join('\n');

describe('a compaction summary read as a user message', () => {
  it('gives nothing: not its account of the work, not the rules it quotes, not its closing paragraphs', () => {
    expect(keptOf(user(summary))).toEqual([]);
  });

  it('read with the prompt it follows, in one message, leaves the prompt’s own words', () => {
    const said = 'Never mock the database in integration tests.';
    const message = user([
      { type: 'text', text: said },
      { type: 'text', text: summary },
    ]);
    expect(keptOf(message)).toEqual([said]);
  });

  it('a person who speaks of a continued session is still read', () => {
    const said = 'This session is being continued from yesterday. Always use pnpm, never npm.';
    expect(keptOf(user(said)).join(' ')).toContain('Always use pnpm, never npm.');
  });

  it('after the reminders Claude Code puts before it in the same text, it still gives nothing', () => {
    expect(keptOf(user(`<system-reminder>\nToday is Monday.\n</system-reminder>\n${summary}`))).toEqual([]);
  });
});

describe("the person's words after a summary's closing paragraph, in the same text", () => {
  const rule = 'Always use pnpm, never npm, in this repo.';

  it('are read', () => {
    expect(keptOf(user(`${summary}\n\n${rule}`))).toEqual([rule]);
    expect(keptOf(user([{ type: 'text', text: `${summary}\n\n${rule}` }]))).toEqual([rule]);
  });

  it('are read after the closing paragraphs of a later version', () => {
    const later = [
      summary.split('\nPlease continue')[0],
      'Continue the conversation from where it left off without asking the user any further questions. Pick up the last task as if the break never happened.',
      '',
      'The messages after this summary are the most recent messages from before compaction, kept verbatim.',
    ].join('\n');
    expect(keptOf(user(`${later}\n\n${rule}`))).toEqual([rule]);
    expect(keptOf(user(later))).toEqual([]);
  });
});
