import type { AssistantEntry } from '../transcript/chainSchema.js';
import { FingerprintSet } from '../resume/fingerprintSet.js';

type Usage = AssistantEntry['message']['usage'];

export interface UsageSums {
  input: number;
  output: number;
  cacheCreation: number;
  cacheRead: number;
  messages: number;
}

/** How many message ids are remembered with their usage: a message's pieces are written one after another. */
const RECENT = 256;

/**
 * API usage summed over a file, each message counted once with its last piece's usage, without a
 * map of every message (decision 55): the sums are kept as they go, and a piece of a recent message
 * takes back what its earlier piece added. A message id met again after it left the recent ones
 * (or a fingerprint that only looks like one) makes `exact` false: the caller sums the file again
 * with `sumUsageById`. Token counts are integers, so taking back is exact.
 */
export class UsageTotals {
  readonly sums: UsageSums = { input: 0, output: 0, cacheCreation: 0, cacheRead: 0, messages: 0 };
  #exact = true;
  readonly #recent = new Map<string, Usage>();
  readonly #seen = new FingerprintSet();

  get exact(): boolean {
    return this.#exact;
  }

  add(id: string, usage: Usage): void {
    const earlier = this.#recent.get(id);
    if (earlier !== undefined || this.#recent.has(id)) {
      addTo(this.sums, earlier, -1);
      this.#recent.delete(id);
    } else {
      if (this.#seen.mayHave(id)) this.#exact = false;
      this.#seen.add(id);
      this.sums.messages++;
    }
    addTo(this.sums, usage, 1);
    this.#recent.set(id, usage);
    if (this.#recent.size > RECENT) this.#recent.delete(this.#recent.keys().next().value as string);
  }
}

/** The same sums from every message's last usage, for the rare file `UsageTotals` cannot sum exactly. */
export function sumUsageById(byId: ReadonlyMap<string, Usage>): UsageSums {
  const total: UsageSums = { input: 0, output: 0, cacheCreation: 0, cacheRead: 0, messages: byId.size };
  for (const usage of byId.values()) addTo(total, usage, 1);
  return total;
}

function addTo(total: UsageSums, usage: Usage, sign: 1 | -1): void {
  if (!usage) return;
  total.input += sign * usage.input_tokens;
  total.output += sign * usage.output_tokens;
  total.cacheCreation += sign * (usage.cache_creation_input_tokens ?? 0);
  total.cacheRead += sign * (usage.cache_read_input_tokens ?? 0);
}
