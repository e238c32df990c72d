import type { LogEntry } from './projection.js';
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
      return typeof content !== 'string' && content.length > 0 && content.every((block) => block.type === 'tool_result') ? 'waits' : 'closes';
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
}

/** Evaluates the sampled response, then applies what waited behind it. */
export function closeSample<S extends SampledState, D>(state: S, steps: SampleSteps<S, D>): readonly [S, readonly D[]] {
  const [evaluated, decisions] = steps.evaluate(state);
  let next: S = { ...evaluated, waiting: [] };
  for (const waiting of state.waiting) next = steps.apply(next, waiting);
  return [next, decisions];
}

/** One main-thread entry through a sampling trigger: continue, wait, or close and evaluate. */
export function stepSample<S extends SampledState, D>(state: S, event: LogEntry, steps: SampleSteps<S, D>): readonly [S, readonly D[]] {
  if (state.sample === null) return [steps.apply(state, event), []];
  switch (relationToSample(state.sample.messageId, event.entry)) {
    case 'continues':
      return [steps.apply(state, event), []];
    case 'waits':
      return [{ ...state, waiting: [...state.waiting, event] }, []];
    case 'closes': {
      const [evaluated, decisions] = closeSample(state, steps);
      return [steps.apply(evaluated, event), decisions];
    }
  }
}
