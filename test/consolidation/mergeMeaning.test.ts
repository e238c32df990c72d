import { describe, expect, it } from 'vitest';
import { contradictionsOf, readInstructions } from '../../src/consolidation/contradictions.js';
import type { MemoryCandidate, StoredMemory } from '../../src/consolidation/memoryCandidate.js';
import { applyConsolidation, planConsolidation } from '../../src/consolidation/planConsolidation.js';
import type { MemoryType, TopicFile } from '../../src/memory/durable/topicFile.js';

/** A memory as a person writes one by hand in a Claude Code 2.1.332 directory. */
const file = (filename: string, type: MemoryType, name: string, description: string, body: string, modified: string): StoredMemory => ({
  filename,
  file: { type, name, description, body, modified },
});
let uuid = 0;
const said = (body: string, saidAt: string, session: string, type: MemoryType = 'feedback'): MemoryCandidate => ({
  type,
  name: body.split(' ').slice(0, 5).join(' '),
  description: body,
  body,
  saidAt,
  sources: [{ session, uuid: `u${++uuid}`, timestamp: saidAt }],
});
const indexOf = (memories: readonly StoredMemory[]) =>
  memories.map((m) => `- [${m.file.name}](${m.filename}) — ${m.file.description}`).join('\n') + '\n';

describe('consolidation merges paraphrases of one rule and loses none of their facts (decision 70)', () => {
  const paraphrases = [
    file('pnpm-only.md', 'feedback', 'pnpm only', 'Use pnpm, not npm.', 'Use pnpm, not npm.', '2026-01-05T09:00:00Z'),
    file(
      'no-npm-install.md',
      'feedback',
      'No npm install',
      'Never `npm install` in this repository.',
      'Never `npm install` in this repository: it writes a package-lock.json beside pnpm-lock.yaml.\n\n**Why:** two lockfiles broke the release build in March.\n**How to apply:** add packages with `pnpm add`.',
      '2026-01-12T09:00:00Z',
    ),
    file(
      'package-installs.md',
      'feedback',
      'Package installs',
      'Package installs go through pnpm.',
      'Package installs go through pnpm.',
      '2026-01-20T09:00:00Z',
    ),
    file(
      'pnpm-over-npm.md',
      'feedback',
      'pnpm over npm',
      'Always pnpm over npm for this project.',
      'Always pnpm over npm for this project.\n\n**Why:** the user said so twice.',
      '2026-02-01T09:00:00Z',
    ),
  ];

  it('four files stating one preference in different words become one memory keeping every distinct fact and reason', () => {
    const plan = planConsolidation({ memories: paraphrases, index: indexOf(paraphrases), candidates: [] });
    const after = applyConsolidation(paraphrases, plan);
    expect(after).toHaveLength(1);
    const body = after[0]!.file.body;
    expect(body).toContain('Always pnpm over npm for this project.');
    expect(body).toContain('Never `npm install` in this repository: it writes a package-lock.json beside pnpm-lock.yaml.');
    expect(body).toContain('two lockfiles broke the release build in March');
    expect(body).toContain('the user said so twice');
    expect(body).toContain('add packages with `pnpm add`');
    expect(body).toContain('Package installs go through pnpm.');
    expect(plan.changes.filter((c) => c.kind === 'merged')).toHaveLength(3);
    // A second run finds nothing to merge.
    expect(planConsolidation({ memories: after, index: plan.index, candidates: [] }).changes).toEqual([]);
  });

  it('"No, use pnpm here, not npm." and "pnpm please, never plain npm." are one memory, whatever types they were given', () => {
    const candidates = [
      said('No, use pnpm here, not npm.', '2026-02-03T10:00:00Z', 'session-a', 'project'),
      said('pnpm please, never plain npm.', '2026-02-17T10:00:00Z', 'session-b', 'feedback'),
    ];
    const after = applyConsolidation([], planConsolidation({ memories: [], index: '', candidates }));
    expect(after.map((m) => m.file.body)).toEqual(['pnpm please, never plain npm.']);
  });

  it('a fact that changed value is replaced, not kept beside the new one', () => {
    const memories = [
      file(
        'api.md',
        'project',
        'Staging API',
        'The staging API runs on port 8080.',
        'The staging API runs on port 8080.',
        '2026-01-10T12:00:00Z',
      ),
    ];
    const candidates = [said('The staging API runs on port 9090.', '2026-03-02T12:00:00Z', 'session-b', 'project')];
    const after = applyConsolidation(memories, planConsolidation({ memories, index: indexOf(memories), candidates }));
    expect(after.map((m) => m.file.body)).toEqual(['The staging API runs on port 9090.']);
  });
});

describe('a newer statement that something was archived, replaced or moved marks the older memory stale (decision 70)', () => {
  it('"Jira was archived; we moved to Linear" leaves no memory saying the tracker is Jira, and the plan says why', () => {
    const memories = [
      file(
        'issue-tracker.md',
        'reference',
        'Issue tracker',
        'The issue tracker is Jira.',
        'The issue tracker is Jira.',
        '2026-01-08T09:00:00Z',
      ),
      file(
        'tracker-move.md',
        'project',
        'Tracker move',
        'Jira was archived; we moved to Linear.',
        'Jira was archived; we moved to Linear.',
        '2026-03-01T09:00:00Z',
      ),
    ];
    const plan = planConsolidation({ memories, index: indexOf(memories), candidates: [] });
    const after = applyConsolidation(memories, plan);
    expect(after.filter((m) => m.file.body.includes('The issue tracker is Jira'))).toEqual([]);
    expect(after.map((m) => m.file.body)).toEqual(['Jira was archived; we moved to Linear.']);
    const reasons = plan.changes.flatMap((c) => ('reason' in c ? [c.reason] : []));
    expect(reasons.some((r) => r.includes('stale: "The issue tracker is Jira." no longer holds') && r.includes('Jira was archived'))).toBe(
      true,
    );
  });

  it('the same from a statement in a session', () => {
    const memories = [
      file(
        'issue-tracker.md',
        'reference',
        'Issue tracker',
        'The issue tracker is Jira.',
        'The issue tracker is Jira.',
        '2026-01-08T09:00:00Z',
      ),
    ];
    const candidates = [said('We replaced Jira with Linear for all tickets.', '2026-03-01T09:00:00Z', 'session-c', 'project')];
    const plan = planConsolidation({ memories, index: indexOf(memories), candidates });
    const after = applyConsolidation(memories, plan);
    expect(after.map((m) => m.file.body)).toEqual(['We replaced Jira with Linear for all tickets.']);
    expect(plan.changes.find((c) => c.kind === 'updated')?.reason).toContain('stale: "The issue tracker is Jira." no longer holds');
  });
});

describe('a rename marks a memory holding the old name stale (decision 70, amended)', () => {
  it('"we renamed the repo from acme.io/filesync to acme.io/file-sync" leaves no memory saying the repo is acme.io/filesync', () => {
    const memories = [
      file('repo.md', 'project', 'Repo', 'The repo is now acme.io/filesync.', 'The repo is now acme.io/filesync.', '2026-01-08T09:00:00Z'),
    ];
    const candidates = [
      said('We renamed the repo from acme.io/filesync to acme.io/file-sync.', '2026-03-01T09:00:00Z', 'session-r', 'project'),
    ];
    const plan = planConsolidation({ memories, index: indexOf(memories), candidates });
    const bodies = applyConsolidation(memories, plan).map((m) => m.file.body);
    expect(bodies).toEqual(['We renamed the repo from acme.io/filesync to acme.io/file-sync.']);
    expect(plan.changes.find((c) => c.kind === 'updated')?.reason).toContain('stale: "The repo is now acme.io/filesync." no longer holds');
  });

  it('a rename retires only its old name: never the new one, a file something was renamed in, or a name in a rule', () => {
    const cases: Array<[string, string]> = [
      ['Clone acme/file-sync with --recursive.', 'The repo acme/file-sync was renamed from acme/filesync.'],
      ['Import from @acme/core, never from relative paths.', 'Use the renamed package @acme/core everywhere.'],
      ['The api service is defined in docker-compose.yml.', 'The api service in docker-compose.yml was renamed to backend.'],
      ['Keep .github/labeler.yml in sync with the package list.', 'When a package is renamed, update .github/labeler.yml and CODEOWNERS.'],
    ];
    for (const [kept, later] of cases) {
      const memories = [file('kept.md', 'project', 'Kept', kept, kept, '2026-01-08T09:00:00Z')];
      const plan = planConsolidation({
        memories,
        index: indexOf(memories),
        candidates: [said(later, '2026-03-01T09:00:00Z', 'session-t', 'project')],
      });
      expect(
        applyConsolidation(memories, plan)
          .map((m) => m.file.body)
          .join('\n'),
        later,
      ).toContain(kept);
      expect(
        plan.changes.some((c) => 'reason' in c && c.reason.includes('stale')),
        later,
      ).toBe(false);
    }
  });

  it('a sentence the newest statement says again is covered, not stale', () => {
    const memories = [
      file(
        'old-tickets.md',
        'reference',
        'Old tickets',
        'Old tickets stay readable at jira.acme.io.',
        'Old tickets stay readable at jira.acme.io.',
        '2026-01-08T09:00:00Z',
      ),
    ];
    const candidates = [
      said(
        'We replaced jira.acme.io with linear.app/acme. Old tickets stay readable at jira.acme.io.',
        '2026-03-01T09:00:00Z',
        'session-u',
        'reference',
      ),
    ];
    const plan = planConsolidation({ memories, index: indexOf(memories), candidates });
    expect(plan.changes.some((c) => 'reason' in c && c.reason.includes('stale'))).toBe(false);
  });

  it('a statement that a tool is gone is no saying again of the sentence it negates', () => {
    const memories = [
      file('deploys.md', 'project', 'Deploys', 'We deploy with Jenkins.', 'We deploy with Jenkins.', '2026-01-08T09:00:00Z'),
    ];
    const candidates = [
      said('We deploy with Jenkins no more; we moved to GitHub Actions.', '2026-03-01T09:00:00Z', 'session-v', 'project'),
    ];
    const plan = planConsolidation({ memories, index: indexOf(memories), candidates });
    expect(plan.changes.some((c) => 'reason' in c && c.reason.includes('stale: "We deploy with Jenkins." no longer holds'))).toBe(true);
  });

  it('a rename without the old name retires nothing', () => {
    const memories = [
      file('repo.md', 'project', 'Repo', 'The repo is acme.io/filesync.', 'The repo is acme.io/filesync.', '2026-01-08T09:00:00Z'),
    ];
    const candidates = [said('We renamed the package to acme-core.', '2026-03-01T09:00:00Z', 'session-s', 'project')];
    const plan = planConsolidation({ memories, index: indexOf(memories), candidates });
    expect(applyConsolidation(memories, plan).map((m) => m.file.body)).toContain('The repo is acme.io/filesync.');
  });
});

describe('what is not stale', () => {
  it('a file something was removed from stays current: "Removed the `--force` flag from `deploy.sh`" keeps "Deploy with `deploy.sh`"', () => {
    const memories = [
      file('deploys.md', 'project', 'Deploys', 'Deploy with `deploy.sh`.', 'Deploy with `deploy.sh`.', '2026-01-08T09:00:00Z'),
    ];
    const candidates = [said('Removed the `--force` flag from `deploy.sh`.', '2026-03-01T09:00:00Z', 'session-d', 'project')];
    const plan = planConsolidation({ memories, index: indexOf(memories), candidates });
    const bodies = applyConsolidation(memories, plan).map((m) => m.file.body);
    expect(bodies.join('\n')).toContain('Deploy with `deploy.sh`.');
    expect(plan.changes.some((c) => 'reason' in c && c.reason.includes('stale'))).toBe(false);
  });
});

describe('what is not replaced', () => {
  it('two facts that share a tool but not their subject both stay: "pnpm version is 9" does not replace "use Node 20 with pnpm"', () => {
    const memories = [file('node.md', 'project', 'Node', 'Use Node 20 with pnpm.', 'Use Node 20 with pnpm.', '2026-01-08T09:00:00Z')];
    const candidates = [said('The pnpm version is 9.', '2026-03-01T09:00:00Z', 'session-e', 'project')];
    const bodies = applyConsolidation(memories, planConsolidation({ memories, index: indexOf(memories), candidates })).map(
      (m) => m.file.body,
    );
    expect(bodies.join('\n')).toContain('Use Node 20 with pnpm.');
    expect(bodies.join('\n')).toContain('The pnpm version is 9.');
  });
});

describe('CLAUDE.md contradictions read tools named without backticks, and "service 1" as which service (decision 70)', () => {
  const memory = (statement: string, type: MemoryType = 'feedback'): TopicFile => ({
    name: 'm',
    description: statement,
    type,
    body: statement,
  });
  const against = (rule: string, statement: string, type: MemoryType = 'feedback') =>
    contradictionsOf(memory(statement, type), readInstructions([{ file: 'CLAUDE.md', line: 4, text: rule }]))[0]?.reason ?? null;

  it("'tests run with jest' contradicts 'tests use vitest'", () => {
    expect(against('Tests use vitest.', 'Tests run with jest.')).toBe(
      'the memory says jest where CLAUDE.md says vitest (both a test runner)',
    );
  });

  it('but not a memory that rules the other tool out, nor tools of different kinds', () => {
    expect(against('Tests use vitest.', 'Tests never run with jest.')).toBeNull();
    expect(against('Tests use vitest.', 'Tests run after `pnpm install`.')).toBeNull();
  });

  it('"service 1 … 8001" contradicts "service 1 … 9001", and service 2 is another service', () => {
    expect(against('Service 1 runs on port 9001.', 'Service 1 runs on port 8001.', 'project')).toBe(
      'the memory says 8001 where CLAUDE.md says 9001',
    );
    expect(against('Service 1 runs on port 9001.', 'Service 2 runs on port 8001.', 'project')).toBeNull();
  });
});

describe('a shared name alone does not make a rule and a project fact one subject (decision 70, amended)', () => {
  const rule = 'Change this to use the current git user as the author of commits on the audit/reviews/v2 branch, not a fixed bot name.';
  const fact = 'The trailer in audit/reviews/v2 is just "Reviewed:" followed by the review id.';

  it('a feedback memory and a project fact that only share a branch name stay two memories, each once', () => {
    const candidates = [
      said(rule, '2026-02-03T10:00:00Z', 'session-a', 'feedback'),
      said(fact, '2026-02-03T10:05:00Z', 'session-a', 'project'),
    ];
    const plan = planConsolidation({ memories: [], index: '', candidates });
    const after = applyConsolidation([], plan);
    expect(after.map((m) => [m.file.type, m.file.body]).sort()).toEqual([
      ['feedback', rule],
      ['project', fact],
    ]);
    expect(plan.changes.some((c) => 'reason' in c && c.reason.includes('replaces'))).toBe(false);
  });

  it('the same for stored memories: consolidating them keeps both', () => {
    const memories = [
      file('bot-author.md', 'feedback', 'Git user as author', rule, rule, '2026-02-03T10:00:00Z'),
      file('review-trailer.md', 'project', 'Review trailer', fact, fact, '2026-02-04T10:00:00Z'),
    ];
    const after = applyConsolidation(memories, planConsolidation({ memories, index: indexOf(memories), candidates: [] }));
    expect(after.map((m) => m.filename).sort()).toEqual(['bot-author.md', 'review-trailer.md']);
  });

  it('nor do two rules of one type that only share the branch name', () => {
    const correction = 'The trailer in audit/reviews/v2 is just "Reviewed:" not "Audit-Reviewed:", or it is the commit message itself.';
    const candidates = [
      said(correction, '2026-02-03T09:00:00Z', 'session-a', 'feedback'),
      said(rule, '2026-02-03T10:00:00Z', 'session-b', 'feedback'),
    ];
    const after = applyConsolidation([], planConsolidation({ memories: [], index: '', candidates }));
    expect(after.map((m) => m.file.body).sort()).toEqual([rule, correction].sort());
  });

  it('but a rule and a project fact that say one thing about one file still merge', () => {
    const candidates = [
      said('Deploy only with `deploy.sh`, never by hand.', '2026-02-03T10:00:00Z', 'session-a', 'feedback'),
      said('Deploys go through `deploy.sh`.', '2026-02-10T10:00:00Z', 'session-b', 'project'),
    ];
    const after = applyConsolidation([], planConsolidation({ memories: [], index: '', candidates }));
    expect(after).toHaveLength(1);
    expect(after[0]!.file.body).toContain('never by hand');
  });

  it('and so do a rule and a fact about one listed tool', () => {
    const candidates = [
      said('Never `npm install` in this repository.', '2026-02-03T10:00:00Z', 'session-a', 'feedback'),
      said('The project installs its packages with npm workspaces.', '2026-02-10T10:00:00Z', 'session-b', 'project'),
    ];
    expect(applyConsolidation([], planConsolidation({ memories: [], index: '', candidates }))).toHaveLength(1);
  });
});

describe('paraphrases about one file or branch merge, different facts stay apart (decision 70, amended)', () => {
  const grouped = (first: MemoryCandidate, second: MemoryCandidate) =>
    applyConsolidation([], planConsolidation({ memories: [], index: '', candidates: [first, second] }));

  it.each([
    [
      'Always run `scripts/release.sh` from the repo root.',
      'feedback',
      'Run `scripts/release.sh` only from the top-level directory.',
      'feedback',
    ],
    ['Never commit `config/secrets.yml`.', 'feedback', '`config/secrets.yml` must stay out of git.', 'feedback'],
    ['The `release/v2` branch is frozen until March.', 'feedback', 'Do not merge into `release/v2` until the freeze ends.', 'feedback'],
  ] as const)('%s (%s) and %s (%s)', (first, firstType, second, secondType) => {
    const after = grouped(
      said(first, '2026-02-03T10:00:00Z', 'session-a', firstType),
      said(second, '2026-02-10T10:00:00Z', 'session-b', secondType),
    );
    expect(after).toHaveLength(1);
  });

  it('of two types, a shared branch name needs more said alike besides it (the rule and the unrelated fact above)', () => {
    const after = grouped(
      said('The `release/v2` branch is frozen until March.', '2026-02-03T10:00:00Z', 'session-a', 'project'),
      said('Always squash commits on `release/v2`.', '2026-02-10T10:00:00Z', 'session-b', 'feedback'),
    );
    expect(after).toHaveLength(2);
  });

  it('the api on 8080 on staging and on 9090 in production are two facts', () => {
    const after = grouped(
      said('The api runs on 8080 on staging.', '2026-02-03T10:00:00Z', 'session-a', 'project'),
      said('The api runs on 9090 in production.', '2026-02-10T10:00:00Z', 'session-b', 'project'),
    );
    expect(after).toHaveLength(2);
  });
});

describe('a merged body never holds the same sentence twice (decision 70, amended)', () => {
  it('a statement whose body says a sentence twice, merged with an earlier one, says it once', () => {
    const memories = [file('pnpm.md', 'feedback', 'pnpm', 'Use pnpm, not npm.', 'Use pnpm, not npm.', '2026-01-05T09:00:00Z')];
    const twice = 'Installs go through pnpm, never npm.';
    const candidate = { ...said(twice, '2026-02-01T09:00:00Z', 'session-a'), body: `${twice} ${twice}\n\n**Why:** one lockfile.` };
    const after = applyConsolidation(memories, planConsolidation({ memories, index: indexOf(memories), candidates: [candidate] }));
    expect(after).toHaveLength(1);
    expect(after[0]!.file.body.split(twice)).toHaveLength(2);
    expect(after[0]!.file.body).toContain('**Why:** one lockfile.');
  });

  it('a sentence is not taken out for the quote of how it was said, which holds it', () => {
    const memories = [file('pnpm.md', 'feedback', 'pnpm', 'Use pnpm, not npm.', 'Use pnpm, not npm.', '2026-01-05T09:00:00Z')];
    const lead = 'Installs go through pnpm, never npm.';
    const candidate = {
      ...said(lead, '2026-02-01T09:00:00Z', 'session-a'),
      body: `${lead}\n\nSaid as: "ok so ${lead.toLowerCase()} thanks"`,
    };
    const after = applyConsolidation(memories, planConsolidation({ memories, index: indexOf(memories), candidates: [candidate] }));
    expect(after[0]!.file.body.startsWith(lead)).toBe(true);
  });
});
