/**
 * Tools people name without backticks, each with the kind of job it does: two tools of one kind
 * are alternatives ("tests run with jest" / "tests use vitest"), and a tool named on both sides
 * says two statements are about one thing (decision 70). Only names that are not everyday
 * English words are listed ("make", "go", "linear" would match prose).
 */
const KINDS: Readonly<Record<string, string>> = {
  'package manager': 'npm pnpm yarn bun pip pipenv poetry conda uv cargo composer bundler gradle maven',
  'test runner': 'jest vitest mocha jasmine ava pytest unittest rspec minitest phpunit junit cypress playwright puppeteer karma',
  linter: 'eslint tslint stylelint ruff flake8 pylint rubocop clippy golangci-lint oxlint',
  formatter: 'prettier biome black isort rustfmt gofmt autopep8 yapf dprint',
  bundler: 'webpack vite rollup esbuild parcel turbopack tsup swc babel',
  'type checker': 'mypy pyright tsc flow',
  'issue tracker': 'jira asana trello youtrack clickup bugzilla redmine',
  'container tool': 'docker podman',
  database: 'postgres postgresql mysql mariadb sqlite mongodb redis dynamodb cassandra',
  orm: 'prisma drizzle typeorm sequelize knex sqlalchemy',
  'monorepo tool': 'nx lerna turborepo',
  'ci service': 'jenkins circleci travis buildkite',
};

const TOOLS: ReadonlyMap<string, string> = new Map(
  Object.entries(KINDS).flatMap(([kind, names]) => names.split(/\s+/).map((name) => [name, kind] as const)),
);

/** The kind of tool a word names ("vitest" → "test runner"), if it is one listed. */
export const toolKind = (word: string): string | undefined => TOOLS.get(word.toLowerCase());
