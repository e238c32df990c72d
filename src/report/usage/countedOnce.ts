import type { CountedResponses } from '../../catalog/countedResponses.js';
import type { SessionSummary, UsageSums } from '../../catalog/index.js';

/** One file's usage by day then model, and what the report needs to count its responses once across files. */
export interface FileUsage {
  readonly path: string;
  readonly usageByDay: SessionSummary['usageByDay'];
  readonly responses: CountedResponses;
  /** The file's first and last times (its summary's): which of two files holding a response at one time is the original. */
  readonly firstTime?: string | null;
  readonly lastTime?: string | null;
}

/** What tells which file holding a response at the same time produced it (decision 109). */
interface FileOrder {
  readonly firstMs: number;
  readonly subagent: boolean;
  readonly lastMs: number;
  readonly path: string;
}

/** Where a response is counted: the file, the response's place in its list, and the time of its first piece there. */
interface Owner {
  readonly file: number;
  readonly at: number;
  readonly firstMs: number;
  /** Another response whose key starts with the same word (a chain, as keys are looked up by their first word). */
  next: Owner | undefined;
}

/**
 * Each file's usage by day then model with the responses it shares with another file taken off, unless it is the file
 * where the response appeared first: earliest first piece, a piece without a time after any with one; at the same time
 * (a copy keeps its times) the file that began first, a session's before a subagent's, the one that ended first, then
 * the path (decision 109). A file without responses listed (a summary given alone) keeps its usage as it is.
 */
export function countedOnce(files: readonly FileUsage[]): Array<SessionSummary['usageByDay']> {
  const owners = ownersOf(files);
  if (owners === null) return files.map((file) => file.usageByDay);
  return files.map((file, index) => {
    let byDay: SessionSummary['usageByDay'] | undefined;
    const { responses } = file;
    for (let at = 0; at < responses.size; at++) {
      const owner = ownerOf(owners, files, responses, at);
      if (owner === undefined || (owner.file === index && owner.at === at)) continue;
      byDay ??= copied(file.usageByDay);
      takeOff(byDay, responses, at);
    }
    return byDay ?? file.usageByDay;
  });
}

/** The owner of every response by the first word of its key; null when no response is in two files. */
function ownersOf(files: readonly FileUsage[]): Map<number, Owner> | null {
  const owners = new Map<number, Owner>();
  const order = files.map(orderOf);
  let shared = false;
  files.forEach(({ responses }, file) => {
    for (let at = 0; at < responses.size; at++) {
      const candidate: Owner = { file, at, firstMs: responses.firstMs[at] ?? NaN, next: undefined };
      const word = responses.keys[4 * at] ?? 0;
      const head = owners.get(word);
      const owner = ownerOf(owners, files, responses, at);
      if (owner === undefined) {
        candidate.next = head;
        owners.set(word, candidate);
        continue;
      }
      shared = true;
      if (earlier(candidate, owner, order)) replace(owners, word, owner, candidate);
    }
  });
  return shared ? owners : null;
}

/** The owner listed for the response at `at` of `responses`, if any. */
function ownerOf(
  owners: ReadonlyMap<number, Owner>,
  files: readonly FileUsage[],
  responses: CountedResponses,
  at: number,
): Owner | undefined {
  for (let owner = owners.get(responses.keys[4 * at] ?? 0); owner !== undefined; owner = owner.next) {
    const theirs = files[owner.file]?.responses;
    if (theirs !== undefined && sameKey(responses.keys, at, theirs.keys, owner.at)) return owner;
  }
  return undefined;
}

function sameKey(a: Uint32Array, i: number, b: Uint32Array, j: number): boolean {
  return a[4 * i] === b[4 * j] && a[4 * i + 1] === b[4 * j + 1] && a[4 * i + 2] === b[4 * j + 2] && a[4 * i + 3] === b[4 * j + 3];
}

/** Puts `candidate` in the chain where `owner` was. */
function replace(owners: Map<number, Owner>, word: number, owner: Owner, candidate: Owner): void {
  candidate.next = owner.next;
  const head = owners.get(word);
  if (head === owner) {
    owners.set(word, candidate);
    return;
  }
  for (let link = head; link !== undefined; link = link.next) {
    if (link.next === owner) {
      link.next = candidate;
      return;
    }
  }
}

function earlier(a: Owner, b: Owner, order: readonly FileOrder[]): boolean {
  const [aMs, bMs] = [timeOrLast(a.firstMs), timeOrLast(b.firstMs)];
  if (aMs !== bMs) return aMs < bMs;
  const [x, y] = [order[a.file], order[b.file]];
  if (x === undefined || y === undefined) return a.file < b.file;
  // A resumed or forked copy keeps the original's times: the original began no later, a forked subagent copies its
  // parent's context (never the reverse), and a resumed copy goes on after its original ended.
  if (x.firstMs !== y.firstMs) return x.firstMs < y.firstMs;
  if (x.subagent !== y.subagent) return y.subagent;
  if (x.lastMs !== y.lastMs) return x.lastMs < y.lastMs;
  return x.path !== y.path ? x.path < y.path : a.file < b.file;
}

function orderOf({ path, firstTime, lastTime }: FileUsage): FileOrder {
  const ms = (time: string | null | undefined): number => timeOrLast(time === undefined || time === null ? NaN : Date.parse(time));
  return { firstMs: ms(firstTime), subagent: isSubagentPath(path), lastMs: ms(lastTime), path };
}

/** A subagent's transcript: under a `subagents` folder, or named `agent-<id>.jsonl` (the 2.0.x layout). */
function isSubagentPath(path: string): boolean {
  const parts = path.split(/[\\/]/);
  return parts.includes('subagents') || (parts.at(-1) ?? '').startsWith('agent-');
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
