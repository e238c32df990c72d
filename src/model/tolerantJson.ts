/**
 * The JSON value a model meant, read tolerantly from free text: the whole text, else a fenced
 * ```json block, else the span from the first `{` to the last `}`. Undefined when none parses.
 */
export function readTolerantJson(text: string): unknown {
  const candidates = [text.trim()];
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/i.exec(text);
  if (fenced?.[1] !== undefined) candidates.push(fenced[1].trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first !== -1 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

/** Whether a value is a JSON object (what every memlog schema asks for at its top). */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
