/**
 * What a compaction summary must carry whatever else it says (decision 85): the person's rules
 * and corrections in their own words, the current goal and the open items. Found by the job (the
 * finder reads the person's words with the offline extractor, a layer above the planners) and
 * written here, bounded.
 */
export interface CarriedItems {
  /** The person's rules and corrections, their own words, newest first. */
  readonly rules: readonly string[];
  readonly goal?: string;
  /** Todos not completed and files being changed. */
  readonly openItems: readonly string[];
}

/** Finds what the dropped part (the view's messages before `cut`) established. */
export type CarriedFinder = (cut: number) => CarriedItems;

export const CARRIED_HEADING = "The user's rules and corrections, in their own words (newest first):";

/** At most this many rules and this many characters of them: the newest are kept. */
export const MAX_CARRIED_RULES = 25;
const MAX_RULE_CHARS = 8_000;
const MAX_OPEN_ITEMS = 15;

const clip = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
};

function boundedRules(rules: readonly string[]): string[] {
  const out: string[] = [];
  let chars = 0;
  for (const rule of rules.slice(0, MAX_CARRIED_RULES)) {
    const line = clip(rule, 600);
    if (chars + line.length > MAX_RULE_CHARS) break;
    out.push(line);
    chars += line.length;
  }
  return out;
}

/** The section's text, or '' when there is nothing to carry. */
export function carriedSection(items: CarriedItems): string {
  const rules = boundedRules(items.rules);
  const open = items.openItems.slice(0, MAX_OPEN_ITEMS).map((item) => clip(item, 300));
  const parts: string[] = [];
  if (rules.length > 0) parts.push(CARRIED_HEADING, ...rules.map((rule) => `- "${rule}"`));
  if (items.goal !== undefined) parts.push(`The current goal, in the user's words: "${clip(items.goal, 400)}"`);
  if (open.length > 0) parts.push('Open items:', ...open.map((item) => `- ${item}`));
  return parts.join('\n');
}

/** The rules a summary's carried section lists, so that the next compaction carries them on. */
export function carriedRulesOf(summary: string): string[] {
  const start = summary.indexOf(CARRIED_HEADING);
  if (start === -1) return [];
  const rules: string[] = [];
  for (const line of summary
    .slice(start + CARRIED_HEADING.length)
    .split('\n')
    .slice(1)) {
    const match = /^- "(.*)"$/.exec(line);
    if (match === null) break;
    rules.push(match[1] ?? '');
  }
  return rules;
}
