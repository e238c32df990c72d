/** The files agents read their instructions from, by name wherever they sit. */
const INSTRUCTION_FILES = new Set([
  'claude.md',
  'claude.local.md',
  'agents.md',
  'gemini.md',
  'skill.md',
  'copilot-instructions.md',
  'cursorrules',
]);

/** A name as compared: lowercase, without the marks around it ("@.claude/x.md" is "claude/x.md", "`AGENTS.md`," is "agents.md"). */
const bare = (name: string): string => name.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/**
 * Whether a name is a file an agent reads its instructions from: CLAUDE.md, AGENTS.md, GEMINI.md,
 * a skill's SKILL.md, Copilot's and Cursor's rule files, and the Markdown under `.claude/` or
 * `.cursor/` (commands, agents, rules). Rules of every kind are written there (decision 119).
 */
export function isInstructionFile(name: string): boolean {
  const path = bare(name);
  const base = path.split('/').at(-1) ?? path;
  return INSTRUCTION_FILES.has(base) || /^(?:.+\/)?(?:claude|cursor)\/(?:.+\/)?[^/]+\.mdc?$/.test(path);
}

/**
 * A name after "in" or "into", up to two words between ("in the release skill
 * `.claude/skills/release/SKILL.md`"), or right after "to" ("add to CLAUDE.md", not "remember to
 * keep CLAUDE.md short"): where something is written.
 */
const PLACE =
  /\b(?:(?:in|inside|within|into)\s+(?:(?:the|our|your|a|an|its|this|that)\s+)?(?:[\p{L}\p{N}'-]+\s+){0,2}|to\s+(?:the\s+)?)([^\s,;()]+)/giu;

/**
 * The instruction files a text names as where it is written: "in CLAUDE.md, say that we only do
 * patch releases" keeps a rule in CLAUDE.md, and is about patch releases, not about CLAUDE.md
 * (decision 119). Bare, as `bare` reads a name; "CLAUDE.md is the source of truth" names none.
 */
export function placesWrittenIn(text: string): Set<string> {
  const places = new Set<string>();
  for (const [, name] of text.matchAll(PLACE)) if (name !== undefined && isInstructionFile(name)) places.add(bare(name));
  return places;
}

/** Whether a qualifier (subjectQualifiers.ts) names one of these places. */
export const isPlace = (qualifier: string, places: ReadonlySet<string>): boolean => places.has(bare(qualifier));

/** A place and what may follow it before what is written there: "…, we mention that", "note that". */
const PLACE_AND_WRITING = new RegExp(
  `${PLACE.source}(?:[\\s,:]*(?:(?:we|you|i)\\s+)?(?:(?:should|must|will)\\s+)?(?:mention|note|say|write|state|document|add|put|explain)\\b(?:\\s+that\\b)?)?`,
  'giu',
);

/**
 * The text without the instruction files it names as where it is written, nor the words of writing
 * that follow ("in the release skill `…/SKILL.md` we mention that tags are signed" reads "tags are
 * signed"): two rules kept in one file are not alike for it (decision 119).
 */
export const withoutPlaces = (text: string): string =>
  text.replace(PLACE_AND_WRITING, (whole: string, name: string) => (isInstructionFile(name) ? ' ' : whole));
