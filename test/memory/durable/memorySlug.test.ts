import { describe, expect, it } from 'vitest';
import { memorySlug } from '../../../src/memory/durable/memorySlug.js';

describe('memorySlug (decision 68)', () => {
  it.each([
    ['Never commit directly to main', 'never-commit-directly-main'],
    ["Don't use the staging database for load tests", 'dont-staging-database-load-tests'],
    ['We no longer deploy on Fridays', 'no-longer-deploy-fridays'],
    ['Ya no tenemos el proyecto en Vercel', 'ya-no-tenemos-proyecto-vercel'],
    ['Nunca uses la rama de producción', 'nunca-uses-rama-produccion'],
    ['Ne jamais pousser sur main', 'ne-jamais-pousser-main'],
    ["N'utilise pas la base de production", 'ne-utilise-pas-base-production'],
    ['Wir nutzen nicht mehr Jenkins', 'nutzen-nicht-mehr-jenkins'],
    ['Verwende keine Klassen', 'verwende-keine-klassen'],
  ])('%s → %s', (title, slug) => {
    expect(memorySlug(title)).toBe(slug);
  });

  it('keeps a negation that comes after the first five subject words', () => {
    const slug = memorySlug('Release builds, staging deploys, hotfix branches and tags are never rebased');
    expect(slug.split('-')).toContain('never');
    expect(slug.length).toBeLessThanOrEqual(60);
  });

  it('is a kebab-case slug within 60 characters, and never empty', () => {
    expect(memorySlug('Supercalifragilisticexpialidocious configuration management infrastructure orchestration')).toMatch(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    );
    expect(
      memorySlug('Supercalifragilisticexpialidocious configuration management infrastructure orchestration').length,
    ).toBeLessThanOrEqual(60);
    expect(memorySlug('!!!')).toBe('memory');
  });
});

describe('memorySlug keeps the words that carry a rule (decision 68, amended)', () => {
  it.each([
    ['We are using Rust only', 'rust-only'],
    ['Only deploy from the release branch', 'only-deploy-release-branch'],
    ['Lint every package except the vendored ones', 'lint-package-except-vendored-ones'],
    ['Do not squash merge unless the branch has one commit', 'not-squash-merge-unless-branch-commit'],
    ['Migrations must be reversible', 'migrations-must-reversible'],
    ['Nur Tests mit Vitest schreiben', 'nur-tests-vitest-schreiben'],
    ['Utilise uniquement pnpm', 'utilise-uniquement-pnpm'],
  ])('%s → %s', (title, slug) => {
    expect(memorySlug(title)).toBe(slug);
  });

  it('a pronoun\'s contraction names nothing: "I\'d" and "we\'ll" are not words of the slug, an id is', () => {
    expect(memorySlug("I'd like to commit the extracted session files")).toBe('commit-extracted-session-files');
    expect(memorySlug("We'll tag releases by date")).toBe('tag-releases-date');
    expect(memorySlug('Store the user id in the session cookie')).toBe('store-user-id-session-cookie');
  });

  it('keeps every word as it was typed: a slug adds and drops no letter of a word it keeps', () => {
    for (const title of ['We are using typecript only', 'Prefer kubectl over k9s for the clusters']) {
      const typed = new Set(title.toLowerCase().split(/[^a-z0-9]+/));
      for (const word of memorySlug(title).split('-')) expect(typed, title).toContain(word);
    }
  });
});

describe('memorySlug keeps numbers as said', () => {
  it('a version and the one it is not', () => {
    expect(memorySlug('Use Python 3.12, not 3.11')).toBe('python-3-12-not-3-11');
  });
});
