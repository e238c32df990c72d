import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { secretLintProfiler } from '@secretlint/profiler';

/** Every mark and measure @secretlint/core makes is named with this prefix. */
const SECRETLINT_PREFIX = '@core>';

/**
 * @secretlint/core marks every lint in a process-wide profiler that never forgets: its entry
 * list grows by ~56 marks a call and is searched linearly on each one, and Node's global
 * performance buffer keeps the marks too. Measured here: a push of 1,000 small files spent over
 * 100 s in that search (secretlint 12.0.0). After a scan this lets the profiler's observer run
 * and its pending measures finish, then forgets what secretlint recorded, so every scan costs
 * the same however many came before. Only secretlint's own entries are cleared.
 */
export async function forgetSecretlintProfile(): Promise<void> {
  await nextTurn(); // the PerformanceObserver delivers the marks of the scan that just ended
  await secretLintProfiler.getMeasures(); // and the measures it derives from them settle
  const profiler = secretLintProfiler as unknown as { entries?: unknown[]; measures?: unknown[] };
  if (Array.isArray(profiler.entries)) profiler.entries.length = 0;
  if (Array.isArray(profiler.measures)) profiler.measures.length = 0;
  const names = new Set<string>();
  for (const entry of performance.getEntries()) if (entry.name.startsWith(SECRETLINT_PREFIX)) names.add(entry.name);
  for (const name of names) {
    performance.clearMarks(name);
    performance.clearMeasures(name);
  }
}
