import type { MemoryCandidate } from '../../src/consolidation/memoryCandidate.js';
import { renderTopicFile } from '../../src/memory/durable/topicFile.js';

/** A project candidate that says `text`, as extraction makes one from a session (decisions 61 and 131's tests). */
export const candidate = (text: string): MemoryCandidate => ({
  type: 'project',
  name: text.split(' ').slice(0, 4).join(' '),
  description: text,
  body: text,
  saidAt: '2026-01-05T09:00:00.000Z',
  sources: [{ session: 's1', uuid: 'u1', timestamp: '2026-01-05T09:00:00.000Z' }],
});

/** A memory file the assistant saved itself in Claude Code's folder, named `name` and saying `text`. */
export const savedFile = (text: string, name: string) => ({
  path: `/home/u/.claude/projects/-p/memory/${name}.md`,
  text: renderTopicFile({ type: 'project', name, description: text, body: text }),
});
