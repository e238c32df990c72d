/** One named part of the system prompt, shown apart in the readable view. */
export interface SystemSection {
  readonly name: string;
  readonly text: string;
}

/** memlog's own opening: who the model is working for. Claude Code's base prompt is its own and is not reproduced. */
export const BASE_SECTION = `You are a coding assistant working with the user in their software project. Read before you change, keep changes as small as the task allows, and say plainly what you did and what you did not do.`;

export interface SystemPromptOptions {
  readonly cwd: string;
  /** The memory section (main session) or the agent-memory section (subagent); null when memory is off. */
  readonly memory: string | null;
  /** A subagent's own instructions, which replace the base section. */
  readonly agentPrompt?: string;
}

/**
 * The system prompt's sections (long-term spec §7.1): a base section, the environment, then the
 * memory section, which Claude Code puts in the dynamic half of its prompt. CLAUDE.md files and
 * MEMORY.md are not here: they travel in the first user message (spec §7.2, §11 item 1).
 */
export function systemSections(options: SystemPromptOptions): SystemSection[] {
  const sections: SystemSection[] = [
    { name: options.agentPrompt === undefined ? 'base' : 'agent', text: options.agentPrompt ?? BASE_SECTION },
    { name: 'environment', text: `# Environment\nWorking directory: ${options.cwd}` },
  ];
  if (options.memory !== null) sections.push({ name: 'memory', text: options.memory });
  return sections;
}

export function joinSections(sections: readonly SystemSection[]): string {
  return sections.map((section) => section.text.trim()).join('\n\n');
}
