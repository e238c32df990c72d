import type { ModelMessage } from '../port.js';
import {
  clip,
  codeSpans,
  commandOf,
  conversationFacts,
  firstLine,
  firstSentences,
  isEditStep,
  type ToolStep,
} from './conversationFacts.js';
import { findMemoryStatements } from './memoryStatements.js';

/** At most this many items in a list section, the newest kept. */
const MAX_ITEMS = 30;

const newest = <T>(items: readonly T[], max = MAX_ITEMS): T[] => items.slice(-max);
const bullets = (items: readonly string[]): string => (items.length === 0 ? '   (none)' : items.map((item) => `   - ${item}`).join('\n'));

/**
 * A summary of a conversation built only from its own words, in the nine sections a compaction
 * summary has (spec §5.2): what was asked, the files and commands, errors and fixes, every
 * message the person wrote, and where the work stands. Nothing is invented; long items are cut.
 */
export function extractiveSummary(messages: readonly ModelMessage[]): string {
  const facts = conversationFacts(messages);
  const edits = facts.steps.filter(isEditStep);
  const files = [...new Map(facts.steps.filter((s) => s.target !== undefined).map((s) => [s.target!, s])).values()];
  const errors = facts.steps.filter((s) => s.result?.isError === true);
  const commands = [...new Set(facts.steps.map(commandOf).filter((c): c is string => c !== undefined))];
  const lastText = facts.assistantTexts.at(-1)?.text;
  const lastRequest = facts.requests.at(-1);
  const statements = findMemoryStatements(messages);
  const pending = facts.inProgress ? facts.steps.at(-1) : undefined;
  const describe = (step: ToolStep): string => commandOf(step) ?? (step.target === undefined ? step.name : `${step.name} ${step.target}`);
  const sections = [
    `1. Primary Request and Intent:\n${bullets(newest(facts.requests, 5).map((r) => clip(r, 400)))}`,
    `2. Key Technical Concepts:\n${bullets(concepts(facts.assistantTexts.map((t) => t.text).concat(facts.requests)))}`,
    `3. Files and Code Sections:\n${bullets(newest(files).map((s) => `${s.target} (${edits.some((e) => e.target === s.target) ? 'changed' : 'looked at'})`))}`,
    `4. Errors and fixes:\n${bullets(newest(errors).map((s) => `${describe(s)}: ${firstLine(s.result!.text, 200)}`))}`,
    `5. Problem Solving:\n${bullets(newest(facts.assistantTexts, 8).map((t) => firstSentences(t.text, 300)))}${
      commands.length === 0
        ? ''
        : `\n   Commands run: ${newest(commands, 15)
            .map((c) => `\`${c}\``)
            .join(', ')}`
    }`,
    `6. All user messages:\n${bullets(newest(facts.requests, 40).map((r) => clip(r, 300)))}`,
    `7. Pending Tasks:\n${bullets(pending ? [`finish: ${describe(pending)}`] : [])}`,
    `8. Current Work:\n   ${lastText === undefined ? '(no answer yet)' : firstSentences(lastText, 600)}`,
    `9. Optional Next Step:\n   ${facts.inProgress && lastRequest !== undefined ? `continue with the latest request: "${clip(lastRequest, 300)}"` : '(none: the last request was answered)'}`,
  ];
  if (statements.length > 0) sections.splice(5, 0, `   Stated by the user: ${statements.map((s) => `"${s.quote}"`).join('; ')}`);
  return `<summary>\n${sections.join('\n\n')}\n</summary>`;
}

/** The names the conversation puts in `code`, most mentioned first, then the tools used. */
function concepts(texts: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const span of texts.flatMap(codeSpans)) counts.set(span, (counts.get(span) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 15)
    .map(([name]) => `\`${name}\``);
}
