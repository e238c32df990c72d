import { findSecretSpans, type SecretSpan } from './scanForSecrets.js';

/** A text or a line with its secrets replaced, and the rule of each replacement (never the value). */
export interface Redaction {
  readonly text: string;
  readonly rules: readonly string[];
}

/** The marker that stands for a secret: names the rule that found it, holds nothing of it. */
export const redactionMarker = (ruleId: string): string => `[REDACTED:${ruleId}]`;

/** Overlapping spans merged, each keeping the rule of its first part, in order. */
function merged(spans: readonly SecretSpan[]): SecretSpan[] {
  const out: SecretSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = out[out.length - 1];
    if (last !== undefined && span.start < last.end) out[out.length - 1] = { ...last, end: Math.max(last.end, span.end) };
    else out.push(span);
  }
  return out;
}

function replaced(text: string, spans: readonly SecretSpan[]): string {
  let out = '';
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + redactionMarker(span.ruleId);
    at = span.end;
  }
  return out + text.slice(at);
}

/**
 * A text with every secret the scan finds replaced by a marker naming its rule. Scanned again
 * until clean: a replacement can join what is left around it into a new match.
 */
export async function redactText(text: string): Promise<Redaction> {
  const rules: string[] = [];
  let current = text;
  for (let pass = 0; pass < 4; pass++) {
    const spans = merged(await findSecretSpans(current));
    if (spans.length === 0) break;
    rules.push(...spans.map((span) => span.ruleId));
    current = replaced(current, spans);
  }
  return { text: current, rules };
}

/**
 * Short strings already scanned, with their redaction: a transcript repeats the same ones on every
 * line (session id, working folder, version, a parent's uuid), and a scan costs about a
 * millisecond whatever the length. Bounded, emptied when full.
 */
const scanned = new Map<string, Redaction>();
const REMEMBERED_LENGTH = 256;
const REMEMBERED_STRINGS = 20_000;

async function redactString(text: string): Promise<Redaction> {
  if (text.length > REMEMBERED_LENGTH) return redactText(text);
  const known = scanned.get(text);
  if (known !== undefined) return known;
  const redaction = await redactText(text);
  if (scanned.size >= REMEMBERED_STRINGS) scanned.clear();
  scanned.set(text, redaction);
  return redaction;
}

/** Every string in a JSON value, redacted; the same reference when nothing was found in it. */
async function redactValue(value: unknown, rules: string[]): Promise<unknown> {
  if (typeof value === 'string') {
    const redaction = await redactString(value);
    rules.push(...redaction.rules);
    return redaction.rules.length === 0 ? value : redaction.text;
  }
  if (Array.isArray(value)) {
    const items = [];
    for (const item of value) items.push(await redactValue(item, rules));
    return items;
  }
  if (typeof value === 'object' && value !== null) {
    const entries: [string, unknown][] = [];
    for (const [key, item] of Object.entries(value)) entries.push([key, await redactValue(item, rules)]);
    return Object.fromEntries(entries);
  }
  return value;
}

/**
 * One transcript line with its secrets replaced. A JSON line has each string value redacted and
 * stays valid JSON (written again only when something was found; else kept byte for byte); a line
 * that is not JSON is redacted as text, so it stays what it was, a line that is not JSON.
 */
export async function redactLine(line: string): Promise<Redaction> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return redactText(line);
  }
  const rules: string[] = [];
  const redacted = await redactValue(value, rules);
  return rules.length === 0 ? { text: line, rules } : { text: JSON.stringify(redacted), rules };
}
