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
 * Whether a name is a command's or an agent's own file (`.claude/commands/deploy.md`,
 * `.claude/agents/migrator.md`): its name says which command or agent a rule is about, so it is
 * never read as only where the rule is written (decision 119, reviewed). A skill's SKILL.md, written
 * to ("in the pr-creation skill `…/SKILL.md` we mention that"), is where a rule is kept.
 */
const namesItsOwnThing = (name: string): boolean => /(?:^|\/)(?:claude|cursor)\/(?:commands|agents)\//.test(bare(name));

/** A name, where a rule may be written. */
const NAME = String.raw`([^\s,;()]+)`;

/** "in", "into" or "to", with up to two words before the name ("in the release skill SKILL.md"). */
const INTO = String.raw`(?:in|inside|within|into|to)\s+(?:(?:the|our|your|a|an|its|this|that)\s+)?(?:[\p{L}\p{N}'-]+\s+){0,2}`;

/** A word of writing. */
const WRITE = String.raw`(?:mention|note|say|write|state|document|add|put|explain|record)`;

/**
 * A name written to: after a word of writing ("add to AGENTS.md that", "we mention in CLAUDE.md
 * that"), or before one ("in CLAUDE.md, say that", "in the pr-creation SKILL.md we mention that").
 * "The /deploy command in .claude/commands/deploy.md must…" names a file, not where a rule is
 * written (decision 119, reviewed).
 */
const WRITTEN_TO = new RegExp(
  String.raw`\b${WRITE}(?:s|ed)?\s+(?:(?:it|this)\s+)?${INTO}${NAME}(?:\s+that\b)?` +
    String.raw`|\b(?:in|inside|within|into)\s+(?:(?:the|our|your|a|an|its|this|that)\s+)?(?:[\p{L}\p{N}'-]+\s+){0,2}${NAME}` +
    String.raw`[\s,:]*(?:(?:we|you|i)\s+)?(?:(?:should|must|will)\s+)?${WRITE}\b(?:\s+that\b)?`,
  'giu',
);

/** Whether a name is written to as a place: an instruction file that is not a command's or an agent's own. */
const isPlaceName = (name: string | undefined): name is string => name !== undefined && isInstructionFile(name) && !namesItsOwnThing(name);

/**
 * The instruction files a text names as where it is written: "in CLAUDE.md, say that we only do
 * patch releases" keeps a rule in CLAUDE.md, and is about patch releases, not about CLAUDE.md
 * (decision 119). Bare, as `bare` reads a name; "CLAUDE.md is the source of truth" names none.
 */
export function placesWrittenIn(text: string): Set<string> {
  const places = new Set<string>();
  for (const [, before, after] of text.matchAll(WRITTEN_TO)) {
    const name = before ?? after;
    if (isPlaceName(name)) places.add(bare(name));
  }
  return places;
}

/** Whether a qualifier (subjectQualifiers.ts) names one of these places. */
export const isPlace = (qualifier: string, places: ReadonlySet<string>): boolean => places.has(bare(qualifier));

/**
 * The text without the instruction files it names as where it is written, nor the words of writing
 * around them ("in the pr-creation SKILL.md we mention that tags are signed" reads "tags are
 * signed"): two rules kept in one file are not alike for it (decision 119).
 */
export const withoutPlaces = (text: string): string =>
  text.replace(WRITTEN_TO, (whole: string, before: string | undefined, after: string | undefined) =>
    isPlaceName(before ?? after) ? ' ' : whole,
  );
