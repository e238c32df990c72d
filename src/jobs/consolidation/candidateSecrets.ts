import type { MemoryCandidate } from '../../consolidation/memoryCandidate.js';
import { formatFinding, scanForSecrets } from '../../secrets/scanForSecrets.js';

/**
 * The candidates that may become memories, and the findings that kept the others out. Backfill
 * scans a candidate when it records it, but a candidate recorded before the scan learned a shape
 * (decision 64) is still in the log: consolidation is where it would be written, so it is scanned
 * again there, as every other memory write is, and refused as they are (never redacted).
 */
export async function candidatesWithoutSecrets(
  candidates: readonly MemoryCandidate[],
): Promise<{ readonly kept: readonly MemoryCandidate[]; readonly refused: readonly string[] }> {
  const kept: MemoryCandidate[] = [];
  const refused: string[] = [];
  for (const candidate of candidates) {
    const findings = await scanForSecrets(`${candidate.name}\n${candidate.description}\n${candidate.body}`, candidate.name);
    if (findings.length === 0) kept.push(candidate);
    else refused.push(...findings.map(formatFinding));
  }
  return { kept, refused };
}
