import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

function topicFiles(out: string): string[] {
  return ['-home-dev-acme-shop', '-home-dev-notes-cli'].flatMap((project) => {
    const dir = join(out, project, 'memory');
    return readdirSync(dir)
      .filter((name) => name.endsWith('.md') && name !== 'MEMORY.md')
      .map((name) => readFileSync(join(dir, name), 'utf8'));
  });
}

describe('memlog extract --frontmatter', () => {
  it.each([
    ['flat', /^type: (user|feedback|project|reference)$/m, /^metadata:$/m],
    ['metadata', /^metadata:\n {2}node_type: memory\n {2}type: /m, /^type: /m],
  ])('%s: every topic file the default (two-phase) extraction writes has that form', (form, has, hasNot) => {
    const out = tempDir();
    const run = runCli(['extract', demoProjects, '--out', out, '--model', 'offline', '--frontmatter', form], {
      env: { ANTHROPIC_API_KEY: '' },
    });
    expect(run.status).toBe(0);
    const files = topicFiles(out);
    expect(files.length).toBeGreaterThan(0);
    for (const text of files) {
      expect(text).toMatch(has);
      expect(text).not.toMatch(hasNot);
    }
  });
});
