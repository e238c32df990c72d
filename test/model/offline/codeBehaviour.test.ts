import { describe } from 'vitest';
import { kept, notKept } from '../../support/statementKinds.js';

// Sentences written for these tests, per kind of statement (decision 149), none taken from a corpus.
describe('what named code does is the code’s to say (decision 149)', () => {
  notKept([
    'When a file has unstaged edits, computeLineAttribution reads from the working tree.',
    'Whenever the cache is cold, fetchManifest reads from disk.',
    'When a checkpoint exists, state.PendingCount skips the first one.',
    'loadUserSettings falls back to the defaults when the file is missing.',
    'The sync_worker also retries three times before giving up.',
    'state.PendingCount skips the first checkpoint.',
    'parseHeader() returns early for empty input.',
    'Both code paths call resolveRepoRoot and then writeSnapshot handles the rest.',
    'On startup, migrateLegacyConfig creates a backup first.',
  ]);
  kept('feedback', [
    'parseConfig should never throw on a missing file.',
    'Always call resolveRepoRoot before touching paths.',
    'We always call retryWithBackoff for network calls.',
  ]);
});

describe("a program's hint about its own output, and a failure come back, are no memory (decision 149)", () => {
  notKept([
    'To suppress this warning in future sessions, run',
    'The counter is back to 19 instead of 26 every time I reload.',
    'To disable these notifications, set QUIET=1.',
    'To hide this banner, pass --no-banner.',
    'We seem to be missing checkpoints again, this view is back to 19 instead of 26...',
    'The sidebar is broken again after the merge.',
    'Tests are failing again on main.',
    'The count is back to 3.',
    "if the panel becomes wider, the gradient doesn't work anymore.",
    'When the list is empty, the footer stops rendering.',
    "Once the token expires, the sidebar doesn't update anymore.",
  ]);
  kept('project', ["The old endpoint doesn't work anymore, use /v2."]);
  kept('feedback', ['When the list is empty, the footer should never render, by design.']);
});

describe('a recurring pitfall is kept as a fact of the project (decision 149)', () => {
  kept('project', [
    'this is now the 3rd error around the working directory and being in the wrong folder.',
    'That is the fourth time the release broke on the lockfile.',
    'This is the second bug with timezone handling in the scheduler.',
    'This is the third regression caused by the cache layer.',
    'The umpteenth failure from the flaky network mock.',
  ]);
  notKept(['Is this the third time the release broke on the lockfile?', 'Run it a second time with the flag.']);
});
