import { z } from 'zod';
import type { UsageSums } from '../../catalog/index.js';
import { MemlogError } from '../../errors.js';

/** USD per million tokens of each kind. */
export const ModelPrices = z.object({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  cacheWrite: z.number().nonnegative(),
  cacheRead: z.number().nonnegative(),
});
export type ModelPrices = z.infer<typeof ModelPrices>;

/** A price table: when its prices were read, from where, and the prices by model id (a prefix of the ids it prices). */
export const PriceTable = z.object({
  date: z.string(),
  source: z.string(),
  models: z.record(z.string(), ModelPrices),
});
export type PriceTable = z.infer<typeof PriceTable>;

/** A price table from the text of a JSON file of PriceTable's shape; a clear error naming the file when it is not one. */
export function parsePriceTable(text: string, file: string): PriceTable {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new MemlogError('invalid_argument', `--prices ${file}: not a JSON file memlog can read (${(error as Error).message})`, { file });
  }
  const parsed = PriceTable.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue === undefined ? '' : `${issue.path.join('.')}: `;
  throw new MemlogError('invalid_argument', `--prices ${file}: ${where}${issue?.message ?? 'not a price table'}`, { file });
}

/** The prices of a model id: the entry whose name is the longest one the id starts with (`claude-opus-4-5-20251101` → `claude-opus-4-5`). */
export function pricesOf(table: PriceTable, model: string): ModelPrices | undefined {
  let best: string | undefined;
  for (const name of Object.keys(table.models)) {
    const fits = model === name || model.startsWith(`${name}-`) || model.startsWith(`${name}[`) || model.startsWith(`${name}@`);
    if (fits && (best === undefined || name.length > best.length)) best = name;
  }
  return best === undefined ? undefined : table.models[best];
}

/** What the tokens cost in USD at these prices. */
export function costOf(prices: ModelPrices, sums: UsageSums): number {
  return (
    (sums.input * prices.input + sums.output * prices.output + sums.cacheCreation * prices.cacheWrite + sums.cacheRead * prices.cacheRead) /
    1e6
  );
}
