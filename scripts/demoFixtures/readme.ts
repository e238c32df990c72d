import type { CompactedSession } from './compactedSession.js';
import type { FixTestsSession } from './fixTestsSession.js';
import type { SessionWriter } from './sessionWriter.js';
import type { SubagentSession } from './subagentSession.js';

export interface DemoSet {
  fixTests: FixTestsSession;
  subagent: SubagentSession;
  compacted: CompactedSession;
  notes: SessionWriter;
}

const counts = (w: SessionWriter): string => `${w.lines.length} lines, ${w.chainUuids.length} chain entries`;

/** fixtures/README.md, generated so the ids it quotes always match the files. */
export function readme({ fixTests, subagent, compacted, notes }: DemoSet): string {
  const f = fixTests.writer;
  const s = subagent.writer;
  const c = compacted.writer;
  const k = compacted.compaction;
  return `# Demo projects

\`fixtures/projects/\` is a small Claude Code \`projects\` folder (the layout of \`~/.claude/projects/\`)
used by the README examples, \`npm run demo\` and the tests.

**Provenance.** Every file under \`fixtures/projects/\` was written by us with
\`scripts/generateDemoFixtures.ts\`. The content is synthetic: the projects, prompts, answers, tool
output and ids are invented, and nothing is copied from a real transcript. Only the *format* follows
what Claude Code 2.1.332 writes (entry kinds, key order, split assistant messages, tool-result
linkage, sidechain layout, compaction boundary, memory directory).

**Rules.** Tests only read these files; they never write or rewrite them. To change them, edit the
generator and run it explicitly:

    npx tsx scripts/generateDemoFixtures.ts

The generator is deterministic (ids come from a seeded counter, timestamps from a fixed clock), so a
second run produces byte-identical files.

Fictional paths used: cwd \`/home/dev/acme-shop\` and \`/home/dev/notes-cli\`, config dir \`/home/dev/.claude\`.

## \`-home-dev-acme-shop/\`

### ${f.sessionId}.jsonl: "fix-tests" (${counts(f)})

The user asks to fix a failing cart test in a small TypeScript shop.
- Assistant responses are split one content block per entry (thinking, text, tool_use) sharing one \`message.id\`; earlier pieces have \`stop_reason: null\`, the last piece carries the final usage.
- A parallel tool call: one message with a Read piece (\`${fixTests.parallelPieces[0] ?? ''}\`) and a Grep piece (\`${fixTests.parallelPieces[1] ?? ''}\`). Each result hangs off its own piece; the Grep result is written first.
- A failing \`npm test\` (\`is_error: true\`, \`toolUseResult: "Error: …"\`), the Edit fix and a passing run.
- A correction ("No — don't use \`var\`, always use \`const\` in this codebase"), a preference ("Remember that I prefer pnpm over npm for this project") and "never commit directly to main".
- Memory writes: Write calls create \`memory/prefer-pnpm.md\` (Claude Code stamps its frontmatter) and \`memory/MEMORY.md\`.
- Side entries: queue-operation, file-history-snapshot, last-prompt, mode, ai-title, permission-mode; chain extras: skill_listing and date attachments, \`system/turn_duration\`.
- The branch changes from \`main\` to \`fix/cart-discount\` in the last turn. Newest leaf: \`${f.lastMessageUuid}\`.

### ${s.sessionId}.jsonl: "subagent" (${counts(s)})

The main agent delegates a read-only investigation through the \`Agent\` tool (\`subagent_type: "Explore"\`).
The result entry carries the agent's report and a \`toolUseResult\` with \`agentId\`, \`totalTokens\`,
\`usage\` and \`toolStats\`. The user then says "I prefer small focused commits".

Sidechain: \`${s.sessionId}/subagents/agent-${subagent.agentId}.jsonl\` (${counts(subagent.sidechain)}).
Every entry has \`isSidechain: true\`, \`agentId: "${subagent.agentId}"\` and the parent's \`sessionId\`; the first
entry is the task prompt with \`parentUuid: null\`. It holds a Grep and two Reads. Sidecar:
\`agent-${subagent.agentId}.meta.json\`.

### ${c.sessionId}.jsonl: "compacted" (${counts(c)})

A long pagination task whose cache reads grow from about 18k to about 160k tokens, until the context
passes the ~167k auto-compact threshold and Claude Code compacts in the middle of a turn:
- boundary \`${k.boundary}\`: \`system/compact_boundary\`, \`parentUuid: null\`, \`logicalParentUuid\` = tail, \`compactMetadata.trigger: "auto"\`, \`preTokens: ${compacted.preTokens}\`;
- summary \`${k.summary}\`: parent = boundary, \`isCompactSummary\`, \`isVisibleInTranscriptOnly\`;
- \`preservedSegment\`: head \`${k.head}\`, anchor \`${k.anchor}\` (the summary), tail \`${k.tail}\`: the last ${k.kept.length} messages before the boundary, still on disk with their original parents;
- post-compact entries chain off the summary on disk; a loader relinks head under the anchor and re-points the summary's other children to the tail.

After the compaction the user says "Always run the linter before you say you're done"; a failing lint run is fixed.

### memory/

\`MEMORY.md\` (index) and \`prefer-pnpm.md\` (a \`feedback\` memory with \`name\`, \`description\` and
\`metadata: {node_type, type, originSessionId, modified}\` frontmatter), exactly as written by the
fix-tests session's Write calls.

## \`-home-dev-notes-cli/\`

### ${notes.sessionId}.jsonl: plain chat (${counts(notes)})

Three turns of string prompts and text-only answers, outside a git repository (\`gitBranch: ""\`),
including the correction "Actually, use Python 3.12, not 3.11". No \`summary\` entries.
`;
}
