import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Runs every bench/*.bench.ts in its own fresh node process with --expose-gc and tsx's
 * loader, passing our arguments through (`npm run bench -- --mb 50 --rounds 3`).
 */
const benchDir = dirname(fileURLToPath(import.meta.url));
const root = join(benchDir, '..');
const benches = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();

for (const name of benches) {
  console.log(`\n## ${name}\n`);
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(benchDir, name), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`${name} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
    process.exitCode = 1;
    break;
  }
}
