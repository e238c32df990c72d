import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldAll, type Entry } from '../../src/index.js';
import { safeCutsProjection, selectSafeCuts } from '../../src/projections/index.js';
import { conversation } from '../support/conversationArbitrary.js';
import { fcRuns } from '../support/fcRuns.js';

interface Msg {
  seq: number;
  messageId: string | null;
  toolUses: string[];
  toolResults: string[];
}

/** Main-thread messages after the last boundary, by brute force. */
function messagesOf(entries: Entry[]): Msg[] {
  let out: Msg[] = [];
  entries.forEach((entry, seq) => {
    if (entry.type === 'system' && entry.subtype === 'compact_boundary') out = [];
    if ((entry.type !== 'user' && entry.type !== 'assistant') || entry.isSidechain === true) return;
    const blocks = typeof entry.message.content === 'string' ? [] : entry.message.content;
    out.push({
      seq,
      messageId: entry.type === 'assistant' ? (entry.message.id ?? null) : null,
      toolUses: blocks.filter((b) => b.type === 'tool_use').map((b) => (b as { id: string }).id),
      toolResults: blocks.filter((b) => b.type === 'tool_result').map((b) => (b as { tool_use_id: string }).tool_use_id),
    });
  });
  return out;
}

/** A cut before `cut` is safe when nothing kept needs something dropped. */
function isSafe(messages: Msg[], cut: number): boolean {
  const dropped = messages.filter((m) => m.seq < cut);
  const kept = messages.filter((m) => m.seq >= cut);
  const droppedUses = new Set(dropped.flatMap((m) => m.toolUses));
  const droppedIds = new Set(dropped.flatMap((m) => (m.messageId === null ? [] : [m.messageId])));
  return kept.every((m) => m.toolResults.every((id) => !droppedUses.has(id)) && (m.messageId === null || !droppedIds.has(m.messageId)));
}

describe('safe cuts', () => {
  it('are exactly the positions where cutting keeps every tool pair and every split message whole', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        const messages = messagesOf(entries);
        const expected = messages.map((m) => m.seq).filter((seq) => isSafe(messages, seq));
        expect(
          selectSafeCuts(
            foldAll(
              safeCutsProjection,
              entries.map((entry, seq) => ({ seq, entry })),
            ),
          ),
        ).toEqual(expected);
      }),
      { numRuns: fcRuns },
    );
  });

  it('folding a prefix, then two different futures, gives each future its own answer (no shared mutation leaks)', () => {
    fc.assert(
      fc.property(conversation, conversation, fc.nat(), (a, b, cutSeed) => {
        const cut = cutSeed % (a.length + 1);
        const prefix = a.slice(0, cut).map((entry, seq) => ({ seq, entry }));
        const mid = foldAll(safeCutsProjection, prefix);
        const futureA = a.slice(cut).map((entry, i) => ({ seq: cut + i, entry }));
        const futureB = b.map((entry, i) => ({ seq: cut + i, entry }));
        const viaA = foldAll(safeCutsProjection, futureA, mid);
        const viaB = foldAll(safeCutsProjection, futureB, mid);
        const replayA = foldAll(safeCutsProjection, futureA, foldAll(safeCutsProjection, prefix));
        expect(selectSafeCuts(viaA)).toEqual(selectSafeCuts(replayA));
        expect(selectSafeCuts(foldAll(safeCutsProjection, futureB, foldAll(safeCutsProjection, prefix)))).toEqual(selectSafeCuts(viaB));
      }),
      { numRuns: fcRuns },
    );
  });
});
