import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A topic file as Claude Code 2.1.332 writes it (type under `metadata:`). */
export const topicText = (name: string, description: string, body: string, modified: string, type = 'feedback'): string =>
  `---\nname: ${name}\ndescription: ${description}\nmetadata:\n  node_type: memory\n  type: ${type}\n  modified: ${modified}\n---\n\n${body}\n`;

/** The two memories of one preference, written a month apart in other words: consolidation merges them. */
export function writeTabsPreference(memoryDir: string): void {
  mkdirSync(memoryDir, { recursive: true });
  writeFileSync(
    join(memoryDir, 'tabs.md'),
    topicText('tabs', 'Use tabs for indentation, not spaces', 'Use tabs for indentation, not spaces.', '2026-01-05T09:00:00.000Z'),
  );
  writeFileSync(
    join(memoryDir, 'indent-tabs.md'),
    topicText('indent-tabs', 'Indent with tabs rather than spaces', 'Indent with tabs rather than spaces.', '2026-02-02T09:00:00.000Z'),
  );
}

/**
 * A memory directory with the usual drift: the preference said twice, a project fact with a
 * relative date, and an index with a line for each (and, with `staleLine`, one for a file
 * deleted by hand).
 */
export function writeDriftedMemory(memoryDir: string, options: { readonly staleLine?: boolean } = {}): string {
  writeTabsPreference(memoryDir);
  writeFileSync(
    join(memoryDir, 'staging-port.md'),
    topicText(
      'staging-port',
      'The staging API port',
      'The staging API runs on port 9090 since next Monday.',
      '2026-03-04T10:00:00.000Z',
      'project',
    ),
  );
  const lines = [
    '- [Tabs](tabs.md) — indentation',
    '- [Indent with tabs](indent-tabs.md) — indentation again',
    '- [Staging port](staging-port.md) — where staging listens',
    ...(options.staleLine === true ? ['- [Old note](gone.md) — a file deleted by hand'] : []),
  ];
  writeFileSync(join(memoryDir, 'MEMORY.md'), `${lines.join('\n')}\n`);
  return memoryDir;
}
