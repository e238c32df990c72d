import { join, relative } from 'node:path';
import { loadContext, nodeFileSource, type ContextOptions } from '../../src/index.js';
import { demoProjects, repoRoot } from '../support/paths.js';

/** The sessions with golden request bodies, and how each request is made. */
export const GOLDEN_CASES: ReadonlyArray<{
  readonly name: string;
  readonly transcript: string;
  readonly cwd?: string;
  readonly prompt?: string;
}> = [
  { name: 'acme-fix-tests', transcript: join(demoProjects, '-home-dev-acme-shop', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl') },
  {
    name: 'acme-fix-tests-with-instructions',
    transcript: join(demoProjects, '-home-dev-acme-shop', 'a1eaaff9-3a09-471e-b457-360fb17ea04f.jsonl'),
    cwd: join(repoRoot, 'test', 'context', 'fixtures', 'acme-shop'),
    prompt: 'Add a test for the discount.',
  },
  { name: 'acme-compacted', transcript: join(demoProjects, '-home-dev-acme-shop', '4a2030a7-b5cb-49a2-b41c-016deb5688ff.jsonl') },
  { name: 'acme-subagent', transcript: join(demoProjects, '-home-dev-acme-shop', '7f26641c-f5f5-4490-80f6-02093c4c460a.jsonl') },
  {
    name: 'acme-subagent-sidechain',
    transcript: join(
      demoProjects,
      '-home-dev-acme-shop',
      '7f26641c-f5f5-4490-80f6-02093c4c460a',
      'subagents',
      'agent-a2e6a9c6df1616842.jsonl',
    ),
  },
  { name: 'notes-cli-chat', transcript: join(demoProjects, '-home-dev-notes-cli', 'f3306bf5-2268-4ce0-9622-47a3ea80e2a8.jsonl') },
];

export const goldenPath = (name: string): string => join(repoRoot, 'test', 'context', 'golden', `${name}.json`);

/**
 * A case's request body as committed text: deterministic (dates come from the transcript, the
 * config and managed folders are absent ones inside the repository) and free of this machine's
 * paths (the repository's path becomes `<repo>`).
 */
export async function goldenBody(testCase: (typeof GOLDEN_CASES)[number]): Promise<string> {
  const options: ContextOptions = {
    transcriptPath: testCase.transcript,
    files: nodeFileSource,
    configDir: join(repoRoot, 'test', 'context', 'golden', 'no-config-dir'),
    managedDir: join(repoRoot, 'test', 'context', 'golden', 'no-managed-dir'),
    home: '/home/dev',
    ...(testCase.cwd === undefined ? {} : { cwd: testCase.cwd }),
    ...(testCase.prompt === undefined ? {} : { prompt: testCase.prompt }),
  };
  const context = await loadContext(options);
  const text = `${JSON.stringify(context.request.body, null, 2)}\n`;
  return text.split(repoRoot).join('<repo>').split(relative('/', repoRoot)).join('<repo>');
}
