import { responseKeyOf, type CountedResponses } from '../../catalog/countedResponses.js';
import type { SessionSummary, UsageSums } from '../../catalog/index.js';

/** One file's usage by day then model, and what the report needs to count its responses once across files. */
export interface FileUsage {
  readonly path: string;
  readonly usageByDay: SessionSummary['usageByDay'];
  readonly responses: CountedResponses;
}

/** Where a response is counted: the file, by its index, and the time of the response's first piece there. */
interface Owner {
  readonly file: number;
  readonly firstMs: number;
}

/**
 * Each file's usage by day then model with the responses it shares with another file taken off, unless it is the file
 * where the response appeared first: earliest first piece, a piece without a time after any with one, ties by path
 * (decision 109). A file without responses listed (a summary given alone) keeps its usage as it is.
 */
export function countedOnce(files: readonly FileUsage[]): Array<SessionSummary['usageByDay']> {
  const owners = ownersOf(files);
  return files.map((file, index) => {
    let byDay: SessionSummary['usageByDay'] | undefined;
    const { responses } = file;
    for (let at = 0; at < responses.size; at++) {
      if (owners.get(responseKeyOf(responses, at))?.file === index) continue;
      byDay ??= copied(file.usageByDay);
      takeOff(byDay, responses, at);
    }
    return byDay ?? file.usageByDay;
  });
}

function ownersOf(files: readonly FileUsage[]): Map<string, Owner> {
  const owners = new Map<string, Owner>();
  files.forEach(({ responses }, file) => {
    for (let at = 0; at < responses.size; at++) {
      const key = responseKeyOf(responses, at);
      const firstMs = responses.firstMs[at] ?? NaN;
      const owner = owners.get(key);
      if (owner === undefined || earlier({ file, firstMs }, owner, files)) owners.set(key, { file, firstMs });
    }
  });
  return owners;
}

function earlier(a: Owner, b: Owner, files: readonly FileUsage[]): boolean {
  const [aMs, bMs] = [timeOrLast(a.firstMs), timeOrLast(b.firstMs)];
  if (aMs !== bMs) return aMs < bMs;
  const [aPath, bPath] = [files[a.file]?.path ?? '', files[b.file]?.path ?? ''];
  return aPath !== bPath ? aPath < bPath : a.file < b.file;
}

function timeOrLast(ms: number): number {
  return Number.isNaN(ms) ? Infinity : ms;
}

function copied(byDay: SessionSummary['usageByDay']): SessionSummary['usageByDay'] {
  const out: SessionSummary['usageByDay'] = {};
  for (const [day, models] of Object.entries(byDay)) {
    const copy: Record<string, UsageSums> = {};
    for (const [model, sums] of Object.entries(models)) copy[model] = { ...sums };
    out[day] = copy;
  }
  return out;
}

/** Takes one response's usage off its day and model; the key goes when no message is left under it. */
function takeOff(byDay: SessionSummary['usageByDay'], responses: CountedResponses, at: number): void {
  const day = responses.days[responses.refs[2 * at + 1] ?? 0] ?? '';
  const model = responses.models[responses.refs[2 * at] ?? 0] ?? '';
  const models = byDay[day];
  const sums = models?.[model];
  if (models === undefined || sums === undefined) return;
  const { tokens } = responses;
  sums.input -= tokens[4 * at] ?? 0;
  sums.output -= tokens[4 * at + 1] ?? 0;
  sums.cacheCreation -= tokens[4 * at + 2] ?? 0;
  sums.cacheRead -= tokens[4 * at + 3] ?? 0;
  sums.messages -= 1;
  if (sums.messages > 0) return;
  delete models[model];
  if (Object.keys(models).length === 0) delete byDay[day];
}
