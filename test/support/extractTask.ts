import type { ModelTask } from '../../src/model/port.js';

type ExtractTask = Extract<ModelTask, { kind: 'extract_memories' }>;

/** A per-turn extraction task over an empty memory directory, reading the last `newMessages` messages. */
export const extractTask = (newMessages = 1, extra: Partial<ExtractTask> = {}): ExtractTask => ({
  kind: 'extract_memories',
  memoryDir: '/mem',
  existing: [],
  index: '',
  newMessages,
  frontmatter: 'metadata',
  now: '2026-12-07T00:00:00.000Z',
  ...extra,
});
