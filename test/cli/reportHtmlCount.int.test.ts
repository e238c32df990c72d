import { cpSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

describe('memlog report --html says what it wrote', () => {
  it('the session pages written and the index, and apart the sessions that could not be read', () => {
    const root = join(tempDir(), 'projects');
    cpSync(demoProjects, root, { recursive: true });
    // A read that fails (EACCES from open, test/support/failFs.ts): a link to nothing would be no session (decision 111).
    const unreadable = join(root, '-home-dev-acme-shop', '00000000-0000-4000-8000-0000000dead1.jsonl');
    writeFileSync(unreadable, '');
    const index = join(tempDir(), 'html', 'index.html');
    const result = runCli(['report', root, '--html', index], { failFs: [{ path: unreadable, code: 'EACCES' }] });
    expect(result.status).toBe(1);
    expect(readdirSync(join(index, '..', 'sessions'))).toHaveLength(4);
    expect(result.stdout).toBe(`${index}: 4 session pages and an index; 1 session could not be read\n`);
  });

  it('with every session read, no word of failure', () => {
    const index = join(tempDir(), 'html', 'index.html');
    const result = runCli(['report', demoProjects, '--html', index]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${index}: 4 session pages and an index\n`);
  });
});
