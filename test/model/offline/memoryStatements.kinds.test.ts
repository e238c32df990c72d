import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../../../src/index.js';
import { findMemoryStatements } from '../../../src/model/offline/index.js';
import { bodyOf } from '../../../src/model/offline/memoryDraft.js';
import { titleOf } from '../../../src/model/offline/memoryTitle.js';

const user = (content: string): ModelMessage => ({ role: 'user', content });
const assistant = (content: string): ModelMessage => ({ role: 'assistant', content: [{ type: 'text', text: content }] });

/** What one message, said after an ordinary assistant turn, is kept as: [type, title] per statement. */
function kept(said: string): Array<[string, string]> {
  return findMemoryStatements([assistant('I ran the suite; everything passes.'), user(said)]).map((s) => [
    s.type,
    titleOf(s.title ?? s.text),
  ]);
}

// Example sentences written for these tests, one per way of saying a thing (decision 47).
const POSITIVES: ReadonlyArray<readonly [string, string]> = [
  ['user', "I'm the release manager for the mobile apps."],
  ['user', "I've never worked with Terraform before."],
  ['user', "I can't run Docker on my work machine because of the corporate policy."],
  ['user', "I don't have sudo on the CI runners."],
  ['user', 'My background is in data science, not web development.'],
  ['user', "I'm fairly new to TypeScript."],
  ['user', 'Ich arbeite als Backend-Entwickler im Zahlungsteam.'],
  ['user', "Je n'ai jamais utilisé Kafka."],
  ['user', 'Trabajo como analista de datos.'],
  ['feedback', 'Stick to the standard library for date handling.'],
  ['feedback', 'Use named exports, not default exports.'],
  ['feedback', "I'd rather have one PR per service than a giant one."],
  ['feedback', 'We prefix feature flags with the team name.'],
  ['feedback', 'Never force-push to a shared branch.'],
  ['feedback', 'Immer zuerst die Tests schreiben.'],
  ['feedback', 'Je préfère les noms de variables en anglais.'],
  ['feedback', 'Siempre usa comillas simples en el código.'],
  ['project', "We've moved the docs site off GitHub Pages, it's on Netlify now."],
  ['project', 'The team decided to keep the monolith until the rewrite is funded.'],
  ['project', 'The beta launches on 2027-02-01.'],
  ['project', 'Priya owns the search indexer.'],
  ['project', 'Security requires two reviewers on anything touching auth.'],
  ['project', 'Die Frist für die Migration ist Ende Juni.'],
  ['project', 'Ya no usamos Jenkins, todo está en GitLab CI.'],
  ['reference', 'The on-call schedule is in PagerDuty under Platform.'],
  ['reference', 'Deploy notifications get posted to #deploys.'],
  ['reference', 'Error rates are on the Datadog dashboard named checkout-health.'],
  ['reference', 'The API contract is documented at https://wiki.example.org/api-contract.'],
  ['reference', 'Le runbook se trouve dans Confluence.'],
  // Kinds added after the first benchmark (decision 49)
  ['user', 'Je suis ingénieure QA, pas développeuse.'],
  ['user', 'Soy diseñadora de producto.'],
  ['user', 'Ich bin Werkstudent im Plattformteam.'],
  ['user', "I'm a senior site reliability engineer."],
  ['user', 'The Kubernetes part of the stack is new to me.'],
  ['user', 'I only have write access to the staging cluster.'],
  ['user', 'I used to work on compilers, so low-level details are fine.'],
  ['user', 'I care more about readable tests than about coverage numbers.'],
  ['user', 'I live in Auckland, so my mornings are your evenings.'],
  ['user', "English isn't my first language, keep the wording plain."],
  ['feedback', 'Pull requests should always link the design doc.'],
  ['feedback', 'Every public function needs a docstring.'],
  ['feedback', "We don't use default exports in this package."],
  ['feedback', 'Your summaries are too verbose.'],
  ['project', 'We moved the nightly jobs from cron to Airflow last week.'],
  ['project', 'The old billing dashboard gets shut down in the autumn.'],
  ['project', 'The public beta was pushed to October 3rd.'],
  ['project', 'Support for Python 3.8 ends at the end of the quarter.'],
  ['project', 'The data pipeline belongs to the analytics team now.'],
  ['project', 'Our main goal this quarter is cutting cold-start time.'],
  ['project', 'We still support Safari 15 for the enterprise customers.'],
  ['project', 'On abandonne Redux pour le store du tableau de bord.'],
  ['project', 'El cierre del sprint se pospuso una semana.'],
  ['reference', 'Release notes are kept in the shared drive folder called Releases.'],
  ['reference', 'The incident template is the Notion page "Postmortem template".'],
  ['reference', 'Billing alerts are configured in Grafana.'],
  ['reference', 'Icon assets come from the Figma library.'],
  ['reference', 'The SLO numbers are in the quarterly spreadsheet on the shared drive.'],
  ['user', "I'm more of a backend person."],
  ['user', "I'm still learning Kotlin."],
  ['user', 'I review every migration before it ships.'],
  ['feedback', 'When you touch the GraphQL schema, regenerate the client types.'],
  ['feedback', 'Before you open a PR, run the formatter.'],
  ['feedback', 'The vendored folder is off limits.'],
  ['feedback', 'Leave the generated clients alone.'],
  ['feedback', 'Only use the public API of the SDK.'],
  ['feedback', 'Prefer composition over inheritance.'],
  ['feedback', 'Use Luxon for all date math.'],
  ['feedback', 'I like small, boring pull requests.'],
  ['feedback', 'Unit tests live next to the module they test.'],
  ['project', 'The admin app is used by about forty support agents.'],
  ['project', 'Our biggest customer runs the on-prem edition.'],
  ['reference', 'Weekly metrics get posted to the leadership channel.'],
  ['reference', 'The service catalog is the source of truth for owners.'],
  ['reference', 'Send release notes to releases@example.org.'],
  ['reference', 'The staging dashboard is at grafana.example.internal/d/api.'],
  ['reference', 'Secrets are stored in Vault under kv/payments.'],
  // Kinds added after a second development half, written blind to these rules, showed what they missed (decision 49)
  ['user', 'Spent ten years doing iOS before this, so Swift questions are fine but Kubernetes is all new territory.'],
  ['user', 'Heads up — colour blind here, so red/green diffs are useless to me.'],
  ['user', "I'm on a shared family computer, no admin, and the antivirus eats node_modules."],
  ['user', 'Background: PhD student in ecology, the code is for my field data.'],
  ['user', "I work four days a week and I'm off on Fridays."],
  ['user', 'Ich wohne in Graz und bin meistens ab 8 Uhr online.'],
  ['user', 'Designer by trade, so CSS is home turf but TypeScript generics are not.'],
  ['user', 'As of last week I lead the payments squad.'],
  ['feedback', 'Splitting the migration into its own commit was right.'],
  ['feedback', "that's exactly what I wanted, the table first and then the prose"],
  ['feedback', 'Magic numbers are banned in this codebase; name them.'],
  ['feedback', 'Wenn du neue Abhängigkeiten vorschlägst, nenn mir bitte die Lizenz.'],
  ['feedback', 'Tickets go PROJ-123: summary in the commit subject.'],
  ['feedback', 'Generated code does not belong in reviews, skip it.'],
  ['feedback', 'Please write the changelog in English even when we chat in Spanish.'],
  ['project', "We're moving the image uploads off S3 onto R2 because egress was killing us."],
  ['project', 'Our auditors require access logs to be kept for seven years.'],
  ['project', 'Deploys happen every other Thursday after the standup.'],
  ['project', 'The reason we still ship jQuery is the legacy checkout widget.'],
  ['project', 'Node 16 support goes away in the next major.'],
  ['project', 'Only Marta can merge into the release branch.'],
  ['project', 'Per the data-retention policy, user exports are deleted after 30 days.'],
  ['project', 'Le vieux portail disparaît à la fin du trimestre.'],
  ['reference', 'The incident timeline lives in the Google Doc called "Outage 12 May".'],
  ['reference', 'Feature requests end up in the Productboard portal.'],
  ['reference', 'Las actas de las reuniones están en la carpeta de Drive del equipo.'],
  ['reference', 'If you need the API keys, that is where the vault UI is: vault.example.internal:8200.'],
  ['reference', 'Die Architekturentscheidungen liegen als ADRs im docs-Ordner des platform-Repos.'],
  ['reference', 'Per-region error budgets: Grafana, dashboard named "SLO overview".'],
];

const NEGATIVES: readonly string[] = [
  'Add logging to the retry loop.',
  'Can you split this file into two modules?',
  'Why is the cache empty after a restart?',
  'Rename `fetchAll` to `loadAll` everywhere.',
  'I fixed it, the problem was a stale lockfile.',
  'Turned out the env var was misspelled.',
  'The function throws when the input is empty.',
  'This class wraps the HTTP client.',
  'The last commit reverted the schema change.',
  "I'm on a call, give me a minute.",
  'The deploy is still running.',
  'Maybe we should always cache this, not sure yet.',
  'Thanks!',
  'Looks good to me.',
  'Kannst du das bitte erklären?',
  'Ajoute un test pour le parseur.',
  'Arregla el error del login.',
  'The crash was a race between the two workers.',
  'I changed the timeout and now the tests pass.',
  'It should work now.',
  'The button should be disabled while saving.',
  'Let me know if anything is unclear.',
  'The search runs in linear time now.',
  'Put the teams list in a separate component.',
  'Anyway, carry on with the refactor.',
  'The settings page is where the crash happens.',
  'Move the helper into utils and update the imports.',
  'The test is failing because the mock returns undefined.',
  'This function is used by the checkout and the cart.',
  'The config file lives in src/config/index.ts.',
  'We fixed the race by awaiting the write before the read.',
  'Can you check why the build is slow?',
  'I am looking at the logs right now.',
  "I'm heading out, back in an hour.",
  'The error comes from the JSON parser.',
  'Every request goes through the auth middleware.',
  'The old endpoint returns a 404 now.',
  'Rename the component to UserCard.',
  'Why does the cache get invalidated on every deploy?',
  'Let me think about it and get back to you.',
  'Looks good, merge it.',
  'The migration script is in the scripts folder.',
  'The flaky test passes now after the retry.',
  'I pushed the branch, take a look.',
  'The button should be blue instead of grey.',
  'Add a loading spinner to the dashboard page.',
  'Update the README with the new flags.',
  'The query takes 3 seconds on staging.',
  'Ok, I see the problem now.',
  'The PR got merged this morning.',
  'Use the new hook in the profile screen.',
  'Check the Sentry issue I linked earlier.',
  'The component renders twice in dev mode.',
  'We need to handle the empty state here.',
  'That was fast, thanks!',
];

describe('statement kinds: what is kept, typed', () => {
  for (const [type, said] of POSITIVES)
    it(`${type}: ${said}`, () => {
      const found = kept(said);
      expect(found).toHaveLength(1);
      expect(found[0]![0]).toBe(type);
    });
});

describe('statement kinds: what is left alone', () => {
  for (const said of NEGATIVES) it(said, () => expect(kept(said)).toEqual([]));
});

describe('what a person asks to be remembered', () => {
  it('is a project fact when it states one, and feedback when it says how to work: a fact and its later change are one type', () => {
    expect(kept('Remember that the metrics exporter listens on port 9464.')[0]?.[0]).toBe('project');
    expect(kept('Remember that the metrics exporter now listens on port 9100.')[0]?.[0]).toBe('project');
    expect(kept('Remember to squash commits before merging.')[0]?.[0]).toBe('feedback');
    expect(kept('Remember that we never force-push to shared branches.')[0]?.[0]).toBe('feedback');
  });
});

describe('confirmations and corrections', () => {
  it('a confirmed approach is feedback, with what the assistant did as its context', () => {
    const [found] = findMemoryStatements([
      assistant('I put the retry policy in one shared helper instead of copying it into each client.'),
      user("Yes, that's the right approach, keep doing it that way."),
    ]);
    expect(found).toMatchObject({ type: 'feedback', cue: 'confirmation' });
    expect(bodyOf(found!)).toContain('one shared helper');
    // Context, not a reason: the person gave none (decision 68).
    expect(bodyOf(found!)).not.toContain('**Why:**');
  });

  it('a correction is feedback; "no problem" is not one', () => {
    expect(
      findMemoryStatements([assistant('I will add it to the Makefile.'), user('No, put it in the justfile, the Makefile is legacy.')]).map(
        (s) => [s.type, s.cue],
      ),
    ).toEqual([['feedback', 'correction']]);
    expect(findMemoryStatements([assistant('Sorry for the delay.'), user('No problem, go ahead.')])).toEqual([]);
  });
});

describe('a statement and what is said right after it', () => {
  it('is one memory: a fact with its elaboration, a rule with the incident behind it', () => {
    const [fact, ...others] = findMemoryStatements([
      assistant('Done.'),
      user("I'm a data engineer, mostly Scala. Frontend work is new to me, so explain CSS changes."),
    ]);
    expect(others).toEqual([]);
    expect(fact).toMatchObject({ type: 'user' });
    expect(fact!.text).toContain('Scala');
    expect(fact!.text).toContain('CSS');
    const [rule] = findMemoryStatements([user('Never squash the release branch. Last time the changelog tool lost half the entries.')]);
    expect(rule!.text).toContain('changelog');
  });

  it('a confirmation with its rule is one memory titled by the rule', () => {
    const found = findMemoryStatements([
      assistant('I asked before deleting the old fixtures.'),
      user('You were right to ask first. Always check with me before deleting test data.'),
    ]);
    expect(found).toHaveLength(1);
    expect(titleOf(found[0]!.title ?? found[0]!.text)).toBe('Always check with me before deleting test data');
    expect(found[0]!.text).toContain('right to ask');
  });

  it('stops at a move back to the task, a question, or a statement of another type', () => {
    const found = findMemoryStatements([
      user('Staging runs on Fly.io now. Anyway, carry on with the refactor.'),
      user("We switched the queue to SQS last month. I'm the on-call engineer this week? No."),
      user("Always pin dependency versions. I'm a contractor here."),
    ]);
    expect(found.map((s) => s.text)).toEqual([
      'Staging runs on Fly.io now.',
      'We switched the queue to SQS last month.',
      'Always pin dependency versions.',
      "I'm a contractor here.",
    ]);
  });
});

describe("clauses and what is not the person's words", () => {
  it('a clause for the moment is dropped and the rule after the dash is kept, titled by itself', () => {
    const found = findMemoryStatements([
      assistant('Shall I change the retry code?'),
      user("Don't touch it yet — we always deploy from tags."),
    ]);
    expect(found.map((s) => [s.type, titleOf(s.title ?? s.text)])).toEqual([['feedback', 'Always deploy from tags']]);
  });

  it('a short lead-in stays with its clause: "No — …" is still a correction', () => {
    const [found] = findMemoryStatements([assistant('I used var here.'), user("No — don't use var in this package.")]);
    expect(found).toMatchObject({ type: 'feedback', cue: 'correction' });
  });

  it("Claude Code's caveats, command echoes and interruption notes are no one's words", () => {
    const caveat =
      '<local-command-caveat>Caveat: The messages below were generated by the user while running local commands. DO NOT respond to these messages or otherwise consider them in your response unless the user explicitly asks you to.</local-command-caveat>';
    expect(findMemoryStatements([user(`${caveat} <command-name>/mcp</command-name> <command-message>mcp</command-message>`)])).toEqual([]);
    expect(findMemoryStatements([user('[Request interrupted by user for tool use]')])).toEqual([]);
  });
});

describe('titles and bodies', () => {
  it("a title names the rule or fact, in the person's words, without its reason, never cut mid-phrase", () => {
    expect(titleOf("I can't install Docker on this laptop because IT locks it down.")).toBe("I can't install Docker on this laptop");
    expect(titleOf('We no longer host on Vercel, the site is on Cloudflare now.')).toBe(
      'No longer host on Vercel, the site is on Cloudflare now',
    );
    expect(titleOf("I don't have admin rights on the build machines.")).toBe("I don't have admin rights on the build machines");
    const long = titleOf(
      'The staging database is refreshed from a production snapshot every Sunday night, and anything written there during the week is lost',
    );
    expect(long).toBe('The staging database is refreshed from a production snapshot every Sunday night');
    expect(long.split(' ').at(-1)).not.toMatch(/^(?:the|a|to|of|and|from)$/);
  });

  it('a long title keeps its main clause: after a condition, without an aside, without the opening words, a link by its host', () => {
    expect(titleOf('If the nightly export fails, the data team on-call gets paged through Opsgenie and checks the bucket first.')).toBe(
      'The data team on-call gets paged through Opsgenie',
    );
    expect(titleOf('The freeze in December, which legal asked for after the audit, is the reason nothing ships before the 20th.')).toBe(
      'The freeze in December is the reason nothing ships before the 20th',
    );
    // A clause that opens with a negation bounds the one before it, and stays (decision 120).
    expect(titleOf('Yes, exactly like that: integration tests talk to a real Postgres in a container, never to mocks.')).toBe(
      'Integration tests talk to a real Postgres in a container, never to mocks',
    );
    expect(
      titleOf('The API reference lives at https://docs.example.org/api/v2/reference, generated from the OpenAPI file on every release.'),
    ).toBe('The API reference lives at docs.example.org');
    expect(titleOf('I only have read access to the billing database.')).toBe('I only have read access to the billing database');
    expect(titleOf('I always use the staging account for demos.')).toBe('I always use the staging account for demos');
  });

  it('a reason the person gave becomes the Why, in any of the four languages', () => {
    for (const said of [
      'Never run the migrations by hand, because the deploy job records which ones ran.',
      'Schreib die Commit-Nachrichten auf Englisch, weil das Team international ist.',
      'Utilise toujours pnpm parce que le lockfile est partagé.',
      'Usa siempre UTC porque los servidores están en varias regiones.',
    ]) {
      const [found] = findMemoryStatements([user(said)]);
      expect(found?.reason, said).toBeDefined();
      expect(bodyOf(found!)).toMatch(/\*\*Why:\*\* \S[\s\S]*\*\*How to apply:\*\*/);
      expect(bodyOf(found!)).not.toContain('The user said so');
    }
  });
});
