import { describe, expect, it } from 'vitest';
import type { ChunkMessage } from '../../../src/model/port.js';
import { draftCandidates } from '../../../src/model/offline/candidatesDraft.js';

const task = (messages: ChunkMessage[]) => ({ kind: 'find_candidates' as const, messages, known: [] });

describe('the offline answer to a backfill chunk', () => {
  it("reads a person's message by its text blocks: a tool result or an interruption note in the same message is not their words", () => {
    const rejected =
      "The user doesn't want to proceed with this tool use. STOP what you are doing and wait for the user to tell you how to proceed.";
    const messages: ChunkMessage[] = [
      { uuid: 'a1', role: 'assistant', human: false, text: '[tool call Bash] {"command":"rm -rf build"}' },
      {
        uuid: 'u1',
        role: 'user',
        human: true,
        text: `[tool result, error] ${rejected}\n[Request interrupted by user for tool use]\nNever delete the build folder by hand.`,
        texts: ['[Request interrupted by user for tool use]', 'Never delete the build folder by hand.'],
      },
    ];
    const { candidates } = draftCandidates(task(messages));
    expect(candidates.map((c) => c.description)).toEqual(['Never delete the build folder by hand.']);
    expect(candidates[0]!.sources).toEqual(['u1']);
  });

  it('without the blocks (a request recorded before they were sent), reads the text as it is', () => {
    const messages: ChunkMessage[] = [{ uuid: 'u1', role: 'user', human: true, text: 'Always pin the base image digest.' }];
    expect(draftCandidates(task(messages)).candidates.map((c) => c.description)).toEqual(['Always pin the base image digest.']);
  });
});
