/**
 * A child process for crash and concurrency tests: appends `count` user entries of about
 * `bytes` bytes each through a TranscriptWriter, one append call per entry.
 * Usage: node --import tsx test/support/appendChild.ts <path> <prefix> <count> <bytes>
 */
import { TranscriptWriter } from '../../src/index.js';
import { userEntry } from '../../src/testing/entryBuilders.js';

const [path, prefix, count, bytes] = process.argv.slice(2);
if (path === undefined || prefix === undefined) throw new Error('usage: appendChild <path> <prefix> <count> <bytes>');
const writer = new TranscriptWriter({ path });
const padding = 'x'.repeat(Number(bytes ?? 1000));
for (let i = 0; i < Number(count ?? 100); i++) {
  await writer.append(userEntry(`${prefix}-${i}`, `${prefix} ${i} ${padding}`));
}
