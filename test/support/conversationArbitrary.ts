import fc from 'fast-check';
import type { Entry } from '../../src/index.js';
import {
  assistantEntry,
  compactBoundaryEntry,
  text,
  thinking,
  toolResultEntry,
  toolUse,
  userEntry,
} from '../../src/testing/entryBuilders.js';

/**
 * Realistic conversations as Claude Code writes them: prompts; responses split one block per
 * entry sharing message.id (thinking, text, one or several tool_use pieces); tool results as
 * separate user entries hung off their own piece, in any order, sometimes with an error or
 * missing (an interrupted turn); sidechain entries mixed in; now and then a compact boundary.
 */
const response = fc.record({
  thinking: fc.boolean(),
  text: fc.boolean(),
  tools: fc.integer({ min: 0, max: 3 }),
  resultOrder: fc.array(fc.nat(), { maxLength: 3 }),
  interrupted: fc.boolean(),
  errorFirst: fc.boolean(),
});
const step = fc.oneof(
  { weight: 6, arbitrary: response.map((r) => ({ kind: 'response' as const, ...r })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'prompt' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'sidechain' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'boundary' as const }) },
);

export const conversation: fc.Arbitrary<Entry[]> = fc.array(step, { minLength: 1, maxLength: 25 }).map((steps) => {
  const entries: Entry[] = [];
  let n = 0;
  let parent: string | null = null;
  const next = (prefix: string): string => `${prefix}-${++n}`;
  const add = (entry: Entry & { uuid: string }, chain = true): void => {
    entries.push(entry);
    if (chain) parent = entry.uuid;
  };
  add(userEntry(next('u'), 'start'));
  for (const s of steps) {
    if (s.kind === 'prompt') add(userEntry(next('u'), 'do something', { parentUuid: parent }));
    if (s.kind === 'sidechain') add(userEntry(next('s'), 'agent work', { isSidechain: true, agentId: 'a1' }), false);
    if (s.kind === 'boundary') {
      const boundary = next('b');
      add(compactBoundaryEntry(boundary, parent ?? 'none'));
      add(userEntry(next('sum'), 'summary', { parentUuid: boundary }));
    }
    if (s.kind !== 'response') continue;
    const message = next('m');
    const pieces = [...(s.thinking ? [thinking('hmm')] : []), ...(s.text || s.tools === 0 ? [text('ok')] : [])];
    for (const block of pieces) add(assistantEntry(next('a'), message, block, { parentUuid: parent }));
    const uses: Array<{ id: string; piece: string }> = [];
    for (let t = 0; t < s.tools; t++) {
      const id = next('toolu');
      const piece = next('a');
      add(assistantEntry(piece, message, toolUse(id), { parentUuid: parent }));
      uses.push({ id, piece });
    }
    const order = [...uses].sort((a, b) => (s.resultOrder[uses.indexOf(a)] ?? 0) - (s.resultOrder[uses.indexOf(b)] ?? 0));
    const answered = s.interrupted ? order.slice(0, -1) : order;
    answered.forEach((use, i) => add(toolResultEntry(next('r'), use.id, use.piece, { isError: s.errorFirst && i === 0 })));
  }
  return entries;
});
