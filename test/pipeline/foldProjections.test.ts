import { join } from 'node:path';
import { from, lastValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { foldAll, selectContextTokens, selectTurns, tokensProjection, turnsProjection } from '../../src/index.js';
import { conversationProjection, safeCutsProjection, selectSafeCuts } from '../../src/projections/index.js';
import { foldProjections } from '../../src/pipeline/index.js';
import { readTranscriptFileSync } from '../../src/transcript/index.js';
import { demoProjects } from '../support/paths.js';

describe('foldProjections', () => {
  it('folds every projection over the item stream with scan, to the state a plain fold gives', async () => {
    const items = readTranscriptFileSync(join(demoProjects, '-home-dev-acme-shop/4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl'));
    const entries = items.flatMap((i) => (i.kind === 'entry' ? [{ seq: i.seq, entry: i.entry }] : []));
    const last = await lastValueFrom(foldProjections(from(items)));
    expect(last.seq).toBe(entries.at(-1)!.seq);
    expect(selectContextTokens(last.tokens)).toBe(selectContextTokens(foldAll(tokensProjection, entries)));
    expect(last.conversation.leaf).toBe(foldAll(conversationProjection, entries).leaf);
    expect(selectTurns(last.turns)).toEqual(selectTurns(foldAll(turnsProjection, entries)));
    expect(selectSafeCuts(last.safeCuts)).toEqual(selectSafeCuts(foldAll(safeCutsProjection, entries)));
    expect(selectTurns(last.turns)).toHaveLength(6);
  });
});
