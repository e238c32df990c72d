import { describe, expect, it } from 'vitest';
import { planConsolidation } from '../../../src/consolidation/planConsolidation.js';
import type { MemoryCandidate } from '../../../src/consolidation/memoryCandidate.js';
import { parseTopicFile } from '../../../src/memory/durable/topicFile.js';
import { draftCandidates } from '../../../src/model/offline/candidatesDraft.js';
import { draftMemories } from '../../../src/model/offline/memoryDraft.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';
import type { ChunkMessage, ModelMessage } from '../../../src/model/port.js';
import { extractTask } from '../../support/extractTask.js';

const SESSION = '5f0c2a4e-1111-4222-8333-944455556666';
const user = (content: string): ModelMessage => ({ role: 'user', content });

const perTurnTask = (newMessages: number) => extractTask(newMessages, { sessionId: SESSION, now: '2026-11-30T00:00:00.000Z' });

/** What the per-turn extractor writes for one message: each topic file, read back. */
function perTurn(text: string) {
  return draftMemories(perTurnTask(1), [user(text)])
    .filter((w) => w.filename !== 'MEMORY.md')
    .map((w) => {
      const parsed = parseTopicFile(w.content, w.filename.replace(/\.md$/, ''));
      if (!parsed.ok) throw new Error(`unreadable ${w.filename}`);
      return { filename: w.filename, ...parsed.file };
    });
}

/** What the backfill's two phases write for one message (the offline candidates, consolidated). */
function backfill(text: string) {
  const messages: ChunkMessage[] = [{ uuid: 'u1', role: 'user', human: true, text }];
  const candidates: MemoryCandidate[] = draftCandidates({ kind: 'find_candidates', messages, known: [] }).candidates.map((c) => ({
    ...c,
    saidAt: '2026-11-30T00:00:00.000Z',
    sources: [{ session: SESSION, uuid: 'u1', timestamp: '2026-11-30T00:00:00.000Z' }],
  }));
  const plan = planConsolidation({ memories: [], index: '', candidates });
  return { files: [...plan.writes].map(([filename, file]) => ({ filename, ...file! })), index: plan.index };
}

const stem = (filename: string) => filename.replace(/\.md$/, '');

describe('memory files people can trust (decision 68)', () => {
  describe('a slug never drops a negation, and the name is the file name', () => {
    const negated = [
      ['Never commit directly to main — put it on a branch.', 'never'],
      ['Ya no tenemos el proyecto en Vercel, lo movimos a Railway.', 'no'],
      ["Don't use the staging database for load tests.", 'dont'],
      ['Nunca uses la rama de producción para pruebas.', 'nunca'],
      ['Ne jamais pousser directement sur la branche principale.', 'jamais'],
      ["N'utilise pas la base de production pour les tests.", 'pas'],
      ['Verwende keine Klassen, immer Funktionen.', 'keine'],
      ['Wir nutzen nicht mehr Jenkins, sondern GitHub Actions.', 'nicht'],
    ];
    it.each(negated)('per turn: %s', (text, word) => {
      const [file] = perTurn(text);
      expect(file, text).toBeDefined();
      expect(file!.name).toBe(stem(file!.filename));
      expect(file!.filename).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/);
      expect(stem(file!.filename).split('-')).toContain(word);
    });
    it('the demo rule keeps its "never" through both backfill phases, and its name is its file name', () => {
      const { files, index } = backfill('Never commit directly to main — put it on a branch.');
      expect(files.map((f) => f.filename)).toEqual(['never-commit-directly-main-put-branch.md']);
      expect(files[0]!.name).toBe('never-commit-directly-main-put-branch');
      // The index still shows a title, not the slug.
      expect(index).toMatch(/^- \[Never commit directly to main[^\]]*\]\(never-commit-directly-main-put-branch\.md\)/);
    });
    it('a Spanish fact keeps its "no" through both backfill phases', () => {
      const { files } = backfill('Ya no tenemos el proyecto en Vercel, lo movimos a Railway.');
      expect(files).toHaveLength(1);
      expect(stem(files[0]!.filename).split('-')).toContain('no');
      expect(files[0]!.name).toBe(stem(files[0]!.filename));
    });
  });

  describe('the description is one line that says what the memory is', () => {
    it('skips a sentence that only opens the statement', () => {
      const [file] = perTurn('I realized something. We deploy from the release branch only, never from main.');
      expect(file!.description).toBe('We deploy from the release branch only, never from main.');
    });
    it('skips a pasted tool line', () => {
      const [file] = perTurn('Used 2 tools\nAlways run the linter before you say a change is done.');
      expect(file!.description).toBe('Always run the linter before you say a change is done.');
    });
    it('is at most 150 characters and ends on a whole word, with no ellipsis', () => {
      const text =
        'Always run the full integration suite against the staging copy of the billing database before merging anything that touches invoices, refunds, currency conversion or the nightly ledger export job.';
      for (const description of [perTurn(text)[0]!.description, backfill(text).files[0]!.description]) {
        expect(description.length).toBeLessThanOrEqual(150);
        expect(description).not.toMatch(/…$/);
        expect(text.startsWith(description)).toBe(true);
        expect(text.charAt(description.length)).toMatch(/[\s,;.]/);
      }
    });
  });

  describe('**Why:** only from a reason the person gave', () => {
    it.each([
      ['Always squash commits before merging because the changelog is built from them.', 'The changelog is built from them'],
      ['Never push to main since the deploy runs from it.', 'The deploy runs from it'],
      ['Keep the API responses under 1 MB so that mobile clients stay fast.', 'So that mobile clients stay fast'],
      ['Usa siempre pnpm porque el lockfile es de pnpm.', 'El lockfile es de pnpm'],
      ['Los tests deben correr siempre en CI para que corran en la nube.', 'Para que corran en la nube'],
      ['Always pin the Node version, as the build breaks on every major upgrade.', 'The build breaks on every major upgrade'],
      // A cause named by a noun keeps its "because of": "of the way…" alone is a fragment.
      ['Never retry the upload on a 413 because of the size limit on the proxy.', 'Because of the size limit on the proxy'],
    ])('%s', (text, why) => {
      const [file] = perTurn(text);
      expect(file!.body).toContain(`**Why:** ${why}`);
    });
    it('no reason given: no Why line, even after a correction', () => {
      const conversation: ModelMessage[] = [
        { role: 'assistant', content: [{ type: 'text', text: 'I will install it with npm.' }] },
        user('No, use yarn in this repository.'),
      ];
      const files = draftMemories(perTurnTask(1), conversation).filter((w) => w.filename !== 'MEMORY.md');
      expect(files).toHaveLength(1);
      expect(files[0]!.content).not.toContain('**Why:**');
      expect(perTurn('Always run the linter before committing.')[0]!.body).not.toContain('**Why:**');
      // "so that can…": "that" is the subject, pointing back; no purpose is given.
      expect(perTurn('We never publish to the Windows Store any more, so that can be dropped.')[0]!.body).not.toContain('**Why:**');
    });
  });
});

describe('the per-turn extractor updates a memory only when the new statement is about the same thing', () => {
  /** The files written for a new statement, with one memory already there. */
  function afterExisting(existing: string, said: string) {
    const task = { ...perTurnTask(1), existing: [{ filename: 'old.md', description: existing, type: 'feedback' as const }] };
    return draftMemories(task, [user(said)])
      .filter((w) => w.filename !== 'MEMORY.md')
      .map((w) => w.filename);
  }

  it('two rules said with the same verbs of liking and keeping stay two memories', () => {
    const files = afterExisting(
      'I hate shell-script tests, keep the tests in TypeScript.',
      'I hate how the tests sit in a separate folder, keep them next to the code they test.',
    );
    expect(files).toHaveLength(1);
    expect(files).not.toContain('old.md');
  });

  it('a one-word rule and a longer one sharing that word stay two memories', () => {
    expect(afterExisting('Keep it simple.', 'Make sure it is simple to review the API.')).not.toContain('old.md');
    expect(afterExisting('Use pnpm.', 'Always use pnpm in this repo.')).toEqual(['old.md']);
  });

  it('the same rule said again updates the memory it repeats', () => {
    expect(
      afterExisting('Keep the tests in TypeScript, not shell scripts.', 'I hate shell-script tests, keep the tests in TypeScript.'),
    ).toEqual(['old.md']);
  });
});

describe("a memory's description is the sentence that says the most, not the words that lead up to it", () => {
  it.each([
    [
      'Some context first: we moved the API last week. From now on, always run the contract tests before merging.',
      'From now on, always run the contract tests before merging.',
    ],
    ['A couple of things - i hate .sh tests. I hate how you placed all the tests into a separate directory.', 'I hate .sh tests.'],
  ])('%s', (said, description) => {
    const [file] = perTurn(said);
    expect(file!.description).toBe(description);
    // The body keeps everything that was said.
    expect(file!.body).toContain(said.split('. ')[0]!);
  });
});

describe('a memory written from a real message reads as one (decision 68, amended)', () => {
  it('lines typed without full stops do not run together in the body or the description', () => {
    const [file] = perTurn('Config files should not be committed\nWe should read the secrets from the vault instead');
    expect(file!.body).toContain('Config files should not be committed. We should read');
    expect(file!.description).toBe('Config files should not be committed. We should read the secrets from the vault instead');
    // An aside in brackets on the next line goes on with the line before it.
    expect(perTurn('Config files should not be committed\n(the vault holds every secret we use)')[0]!.body).toContain(
      'committed (the vault',
    );
  });
  it('a request for work now and an agreement with the assistant are not part of the memory they lead up to', () => {
    const [file] = perTurn(
      'You can reply on the ticket for me. I agree with the review comments. Only state what you have checked yourself, never guess at settings.',
    );
    expect(file!.body).not.toMatch(/reply on the ticket|I agree/);
    expect(file!.body).toContain('Only state what you have checked yourself, never guess at settings.');
  });
  it('a cause inside what the person asks to be explained ("tell them why … because …") is not their reason', () => {
    const [file] = perTurn('Keep the reply short and tell them why the upload fails on our side because of the proxy limit.');
    expect(file!.body).not.toContain('**Why:**');
    // The person's own reason still is one.
    expect(perTurn('Keep replies short because reviewers read them on a phone.')[0]!.body).toContain(
      '**Why:** Reviewers read them on a phone',
    );
    // So it is after a "why" no one is asked to explain.
    expect(perTurn('Never remove the comments explaining why a workaround exists because future readers need them.')[0]!.body).toContain(
      '**Why:** Future readers need them',
    );
    expect(perTurn('Always document why a flag is set because nobody remembers later.')[0]!.body).toContain(
      '**Why:** Nobody remembers later',
    );
  });
  it('a line broken inside a sentence gets no full stop', () => {
    const [file] = perTurn('Always run the linter before\npushing to the main branch.');
    expect(file!.body).not.toContain('before.');
    expect(file!.description).toMatch(/before pushing to the main branch/i);
  });
  it('a word after a line break is capitalised only when it begins a sentence', () => {
    for (const [said, kept] of [
      ['Never merge a branch without\nreviewing the diff yourself.', 'without reviewing the diff yourself.'],
      ['Always wait for\nGitHub Actions to pass before you merge.', 'for GitHub Actions to pass'],
    ] as const) {
      const [file] = perTurn(said);
      expect(file!.body, said).toContain(kept);
      expect(file!.description, said).toContain(kept.replace(/\.$/, ''));
      expect(backfill(said).files[0]!.body, said).toContain(kept);
    }
    // A line after one that ends a thought is a new sentence, and starts with a capital.
    expect(perTurn('Config files should not be committed\nwe should read the secrets from the vault instead')[0]!.body).toContain(
      'committed. We should read',
    );
  });
  it("an index line's hook cut to fit ends on a whole word, not on one that needs the next", () => {
    const said =
      'Always run the integration suite against a staging copy of the billing database and compare it to the ledger from last night before merging.';
    const index = draftMemories(perTurnTask(1), [user(said)]).find((w) => w.filename === 'MEMORY.md')!.content;
    // The hook goes on where the title stopped ("…"), and stops on a whole word.
    const hook = /\) — …?(.*)…$/m.exec(index)?.[1] ?? '';
    expect(hook.length).toBeGreaterThan(10);
    expect(said).toContain(hook);
    expect(said.charAt(said.indexOf(hook) + hook.length)).toBe(' ');
    expect(hook).not.toMatch(/\b(?:to|it|and|the)$/);
  });
  it('a sentence said again, alone or as the start of a longer one, is kept once', () => {
    const again = [
      ['Always run the linter before you push.\nAlways run the linter before you push.', 'Always run the linter before you push.'],
      [
        'The footer in the release notes is just "Release:" not "Product-Release:"\nThe footer in the release notes is just "Release:" not "Product-Release:" or it is not even a footer, it is the tag message',
        'The footer in the release notes is just "Release:" not "Product-Release:" or it is not even a footer',
      ],
    ] as const;
    for (const [said, once] of again)
      for (const file of [perTurn(said)[0]!, backfill(said).files[0]!]) {
        expect(file.body.split(once.slice(0, 40)), said).toHaveLength(2);
        expect(file.body, said).toContain(once);
        expect(file.description.split(once.slice(0, 40)), said).toHaveLength(2);
      }
    // Two different sentences with the same start both stay.
    expect(perTurn('Always run the linter before you push. Always run the linter before you tag a release.')[0]!.body).toContain(
      'tag a release',
    );
  });
  it('what the person says about themselves or agrees to with a reason stays with the rule it leads up to', () => {
    expect(perTurn('Speed matters more than style for me. Always keep PRs small.')[0]!.body).toContain('Speed matters more');
    expect(perTurn('I agree with you that mocks are fragile. Never mock the database in tests.')[0]!.body).toContain('mocks are fragile');
  });
});

describe("a title about the person stays in their words, as the memory's body does (decision 68, amended 2026-12-07)", () => {
  it.each([
    ["I don't want tokens under my account used by the org", "I don't want tokens under my account used by the org"],
    ['I always run the tests on my laptop before I push', 'I always run the tests on my laptop before I push'],
    ["I'm the only one who reviews what I merge", "I'm the only one who reviews what I merge"],
  ])('%s', (said, title) => {
    expect(titleOf(said)).toBe(title);
    expect(titleOf(said)).not.toMatch(/\b(?:User|their|they)\b/);
  });
  it("the file's body and its index title say it in the same person", () => {
    const writes = draftMemories(perTurnTask(1), [user("I don't want tokens under my account used by the org.")]);
    const [file] = perTurn("I don't want tokens under my account used by the org.");
    expect(file!.body).toContain("I don't want tokens under my account");
    expect(writes.find((w) => w.filename === 'MEMORY.md')?.content).toContain(
      `[I don't want tokens under my account used by the org](${file!.filename})`,
    );
  });
  it('an ellipsis between two thoughts ends the first, which names the memory', () => {
    expect(titleOf("I've only recently started seeing the flaky checkouts...but I also moved to persistent worktrees last week")).toBe(
      "I've only recently started seeing the flaky checkouts",
    );
    expect(titleOf('Deploys wait for the smoke test… then the canary gets ten minutes before the rest of the fleet follows')).toBe(
      'Deploys wait for the smoke test',
    );
  });
  it('an ellipsis before a qualifier does not end the title', () => {
    expect(titleOf("Never force-push to shared branches... unless it's your own feature branch")).toContain('unless');
    expect(titleOf('Do not use the staging DB for anything... except the nightly load tests')).toContain('except');
  });
  it('a title is not rewritten into or out of the third person', () => {
    expect(titleOf('User data must never be logged, I told you so')).toBe('User data must never be logged, I told you so');
    expect(titleOf('I work on I/O drivers in this repo')).toBe('I work on I/O drivers in this repo');
  });
  it('a rule to the assistant keeps its first person ("ask me")', () => {
    expect(titleOf('Always ask me before you push')).toBe('Always ask me before you push');
  });
});
