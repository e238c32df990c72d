import { filter, scan, type Observable } from 'rxjs';
import { conversationProjection, type ConversationState } from '../projections/conversation.js';
import type { LogEntry } from '../transcript/logEntry.js';
import { safeCutsProjection, type SafeCutsState } from '../projections/safeCuts.js';
import { tokensProjection, type TokensState } from '../projections/tokens.js';
import { turnsProjection, type TurnsState } from '../projections/turns.js';
import type { ReadItem } from '../transcript/readItem.js';

/** The live state of a session: every projection, side by side. */
export interface ProjectionStates {
  readonly seq: number;
  readonly tokens: TokensState;
  readonly conversation: ConversationState;
  readonly turns: TurnsState;
  readonly safeCuts: SafeCutsState;
}

export function initialProjectionStates(): ProjectionStates {
  return {
    seq: -1,
    tokens: tokensProjection.initialState(),
    conversation: conversationProjection.initialState(),
    turns: turnsProjection.initialState(),
    safeCuts: safeCutsProjection.initialState(),
  };
}

/** One step of every projection. */
export function evolveProjections(state: ProjectionStates, event: LogEntry): ProjectionStates {
  return {
    seq: event.seq,
    tokens: tokensProjection.evolve(state.tokens, event),
    conversation: conversationProjection.evolve(state.conversation, event),
    turns: turnsProjection.evolve(state.turns, event),
    safeCuts: safeCutsProjection.evolve(state.safeCuts, event),
  };
}

/** Folds every projection over a stream of read items with `scan`: the state after each entry. */
export function foldProjections(items: Observable<ReadItem>): Observable<ProjectionStates> {
  return items.pipe(
    filter((item): item is Extract<ReadItem, { kind: 'entry' }> => item.kind === 'entry'),
    scan((state, item) => evolveProjections(state, { seq: item.seq, entry: item.entry }), initialProjectionStates()),
  );
}
