import type { ModelMessage } from '../../src/model/port.js';

/** The assistant asking through AskUserQuestion, as Claude Code logs the call: each question with its options. */
export const askUserQuestion = (id: string, questions: ReadonlyArray<{ question: string; options: string[] }>): ModelMessage => ({
  role: 'assistant',
  content: [
    {
      type: 'tool_use',
      id,
      name: 'AskUserQuestion',
      input: {
        questions: questions.map((q) => ({
          question: q.question,
          header: 'Q',
          multiSelect: false,
          options: q.options.map((label) => ({ label, description: '' })),
        })),
      },
    },
  ],
});

/** The tool result a call's answers come back in. */
export const askResult = (id: string, text: string): ModelMessage => ({
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: id, content: text }],
});

/** Claude Code's answer text for plain choices: `"question"="answer"`, joined by ", ". */
export const answeredText = (pairs: ReadonlyArray<readonly [string, string]>): string =>
  `User has answered your questions: ${pairs.map(([q, a]) => `"${q}"="${a}"`).join(', ')}. You can now continue with the user's answers in mind.`;
