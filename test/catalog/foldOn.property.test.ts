import fc from 'fast-check';
import { appendFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldFile } from '../../src/catalog/foldFile.js';
import { inspectTranscript } from '../../src/inspect/inspectTranscript.js';
import { reportOfSummary } from '../../src/inspect/light/reportOfSummary.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';
import { foldingOn, transcriptParts } from './catalogSupport.js';

/** A transcript's bytes: chains that trip a forgetful index, whole conversations, unknown kinds, damaged lines; long lines now and then. */
const transcript = fc.array(fc.oneof(...transcriptParts), { minLength: 1, maxLength: 4 }).map((parts) => Buffer.concat(parts));

/** What happens to a file between two runs: it grows by some bytes (a line cut anywhere), or it is replaced or cut short. */
const action = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('grow' as const), bytes: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), content: transcript }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
);

describe('the catalog folding on from a stored row', () => {
  it('gives after every append, torn tail, replacement or truncation the summary a fold of the whole file gives', () => {
    const dir = tempDir();
    let run = 0;
    let foldedOn = 0;
    fc.assert(
      fc.property(transcript, fc.array(action, { minLength: 1, maxLength: 8 }), (content, actions) => {
        const path = join(dir, `session-${run++}.jsonl`);
        writeFileSync(path, '');
        let written = 0;
        let size = 0;
        const catalog = foldingOn();
        for (const step of actions) {
          if (step.kind === 'grow') {
            const end = Math.min(content.length, written + 1 + (step.bytes % Math.max(1, content.length)));
            appendFileSync(path, content.subarray(written, end));
            size += end - written;
            written = end;
          } else if (step.kind === 'replace') {
            writeFileSync(`${path}.new`, step.content);
            renameSync(`${path}.new`, path);
            size = step.content.length;
          } else {
            size = size === 0 ? 0 : step.at % size;
            truncateSync(path, size);
          }
          const result = catalog.fold(path);
          if (result.foldedOn) foldedOn++;
          const whole = foldFile({ path });
          expect(result.summary).toEqual(whole.summary);
          expect(reportOfSummary(path, whole.summary, [])).toEqual(inspectTranscript(path));
        }
      }),
      { numRuns: fcRuns },
    );
    // The property is about folding on: most runs must have taken that way.
    expect(foldedOn).toBeGreaterThan(fcRuns);
  });
});
