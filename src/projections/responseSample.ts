import { NO_DECISIONS } from './decisions.js';
import type { LogEntry } from '../transcript/logEntry.js';
import type { Entry } from '../transcript/entrySchema.js';

/**
 * How an entry relates to the API response being sampled. Claude Code runs its post-sampling
 * hooks once per response, on the messages so far plus that response's pieces, before any tool
 * result exists. In a transcript a response is several entries sharing `message.id`, and with
 * streaming tool execution its tool results can be written between its pieces. So:
 * - another piece of the same response continues it;
 * - a tool result, an attachment or a system line waits (it is applied after the evaluation);
 * - anything else (a new response, a prompt, a compact boundary) closes it: evaluate first.
 */
export function relationToSample(sampleMessageId: string | null, entry: Entry): 'continues' | 'waits' | 'closes' {
  switch (entry.type) {
    case 'assistant':
      return sampleMessageId !== null && entry.message.id === sampleMessageId ? 'continues' : 'closes';
    case 'attachment':
      return 'waits';
    case 'system':
      return entry.subtype === 'compact_boundary' ? 'closes' : 'waits';
    case 'user': {
      const content = entry.message.content;
      return typeof content !== 'string' && content.length > 0 && content.every((block) => block.type === 'tool_result')
        ? 'waits'
        : 'closes';
    }
    default:
      return 'closes';
  }
}

/** What a trigger that samples responses keeps: the response under evaluation and what waits behind it. */
export interface SampledState {
  readonly sample: { readonly messageId: string | null } | null;
  readonly waiting: readonly LogEntry[];
}

/** How one sampling trigger applies an entry and evaluates a closed response. */
export interface SampleSteps<S extends SampledState, D> {
  readonly apply: (state: S, event: LogEntry) => S;
  readonly evaluate: (state: S) => readonly [S, readonly D[]];
  /** The state with another list of waiting entries (each trigger writes its own literal: no spread on the hot path). */
  readonly withWaiting: (state: S, waiting: readonly LogEntry[]) => S;
}

const NOTHING_WAITING: readonly LogEntry[] = Object.freeze([]);

/** Evaluates the sampled response, then applies what waited behind it. */
export function closeSample<S extends SampledState, D>(state: S, steps: SampleSteps<S, D>): readonly [S, readonly D[]] {
  const [evaluated, decisions] = steps.evaluate(state);
  let next: S = evaluated.waiting.length === 0 ? evaluated : steps.withWaiting(evaluated, NOTHING_WAITING);
  for (const waiting of state.waiting) next = steps.apply(next, waiting);
  return [next, decisions];
}

/** One main-thread entry through a sampling trigger: continue, wait, or close and evaluate. */
export function stepSample<S extends SampledState, D>(state: S, event: LogEntry, steps: SampleSteps<S, D>): readonly [S, readonly D[]] {
  if (state.sample === null) return [steps.apply(state, event), NO_DECISIONS];
  switch (relationToSample(state.sample.messageId, event.entry)) {
    case 'continues':
      return [steps.apply(state, event), NO_DECISIONS];
    case 'waits':
      return [steps.withWaiting(state, [...state.waiting, event]), NO_DECISIONS];
    case 'closes': {
      const [evaluated, decisions] = closeSample(state, steps);
      return [steps.apply(evaluated, event), decisions];
    }
  }
}
