import type { MemoryType } from '../../memory/durable/topicFile.js';
import type { DecidedKind } from './decisionKinds.js';
import type { MemoryStatement } from './memoryStatement.js';
import { splitReason } from './statementReason.js';
import { finderOf, traced } from './statementTrace.js';

/** A statement as the finders make it, before it is placed in its message. */
/** A statement found in a sentence; its message's index is added when the message is read. */
export type Found = Omit<MemoryStatement, 'messageIndex'>;

/** A statement of a type and cue, with the reason its text gives. */
export function make(type: MemoryType, cue: MemoryStatement['cue'], text: string, quote: string, extra: Partial<Found> = {}): Found {
  const { reason } = splitReason(text);
  return { type, text, quote, cue, ...(reason === undefined ? {} : { reason }), ...extra };
}

/** Statements that are only a part of their sentence (a dictation tool's marker): kept alone, never grouped with what led up to them. */
const standalone = new WeakSet<Found>();

/** Statements of what a thing of the project is called: one goes on only with others of its kind (decision 110, amended). */
const namings = new WeakSet<Found>();

/** Orders of work that a numbered step makes one of the steps (decision 125). */
const orders = new WeakSet<Found>();

/** The statement a kind read by grammar makes, said as the kind says it or as quoted; marked alone or a naming as the kind says. */
export function madeOf(kind: DecidedKind | undefined, quote: string): Found | undefined {
  if (kind === undefined) return undefined;
  const found = make(kind.type, kind.cue, kind.said ?? quote, quote);
  const finder = finderOf(kind);
  if (finder !== undefined) traced(finder, found);
  if (kind.said !== undefined && kind.naming !== true) standalone.add(found);
  if (kind.naming === true) namings.add(found);
  if (kind.order === true) orders.add(found);
  return found;
}

/** The same statement told in other words: what marks it (alone, a naming, its finder) goes with it. */
export function retold(found: Found, text: string): Found {
  const told = { ...found, text };
  if (standalone.has(found)) standalone.add(told);
  if (namings.has(found)) namings.add(told);
  if (orders.has(found)) orders.add(told);
  const finder = finderOf(found);
  return finder === undefined ? told : (traced(finder, told) ?? told);
}

/** Whether the statement is only a part of its sentence, to be kept alone. */
export const isStandalone = (found: Found): boolean => standalone.has(found);

/** Whether the statement says what a thing of the project is called. */
export const isNaming = (found: Found): boolean => namings.has(found);

/** Whether the statement is an order of work, one of the steps when it stands on a numbered line. */
export const isOrderOfWork = (found: Found): boolean => orders.has(found);
