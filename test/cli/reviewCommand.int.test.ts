import { chmodSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dirSnapshot } from '../support/dirSnapshot.js';
import { writeDriftedMemory } from '../support/memoryFiles.js';
import { demoProjects } from '../support/paths.js';
import { runCli } from '../support/runCli.js';
import { tempDir } from '../support/tempDir.js';

const files = (memory: string) => dirSnapshot(memory, (path) => path !== '.consolidate-lock');

describe('memlog review', () => {
  it('extract --review writes nothing into the memory directory; review lists the proposal with the words; accept --all gives what extract writes', () => {
    const root = tempDir();
    const direct = runCli(['extract', demoProjects, '--out', join(root, 'direct')], { cwd: root });
    expect(direct.status, direct.stderr).toBe(0);
    const reviewed = runCli(['extract', demoProjects, '--out', join(root, 'reviewed'), '--review'], { cwd: root });
    expect(reviewed.status, reviewed.stderr).toBe(0);
    const memory = join(root, 'reviewed', '-home-dev-acme-shop', 'memory');
    expect(Object.keys(files(memory))).toEqual([]);
    const list = runCli(['review', '--dir', memory]);
    expect(list.stdout).toMatch(/^p1 {2}from memlog extract\n/);
    expect(list.stdout).toContain('  said: "');
    const accepted = runCli(['review', 'accept', '--all', '--dir', memory]);
    expect(accepted.stdout).toBe('p1: accepted as review@0\n');
    expect(files(memory)).toEqual(files(join(root, 'direct', '-home-dev-acme-shop', 'memory')));
    expect(runCli(['review', '--dir', memory]).stdout).toBe(`${memory}: nothing to review\n`);
  });

  it('a proposal made stale by a later change is marked and not applied; edit opens $EDITOR and keeps what it saved; reject drops it', () => {
    const root = tempDir();
    const memory = writeDriftedMemory(join(root, 'project', 'memory'));
    expect(runCli(['consolidate', memory, '--force', '--review']).status).toBe(0);
    const copy = join(root, 'copy', 'memory');
    cpSync(join(root, 'project'), join(root, 'copy'), { recursive: true });
    writeFileSync(join(memory, 'MEMORY.md'), '- edited by hand\n');
    expect(runCli(['review', '--dir', memory]).stdout.split('\n')[0]).toMatch(/STALE: MEMORY\.md changed since$/);
    const stale = runCli(['review', 'accept', 'p1', '--dir', memory]);
    expect(stale.status).toBe(1);
    expect(readFileSync(join(memory, 'MEMORY.md'), 'utf8')).toBe('- edited by hand\n');
    expect(runCli(['review', 'reject', 'p1', '--dir', memory]).stdout).toBe('p1: rejected\n');

    // The editor: a script that appends a line to every file it is given.
    const editor = join(root, 'editor.sh');
    writeFileSync(editor, '#!/bin/sh\nfor f in "$@"; do echo "- added in the editor" >> "$f"; done\n');
    chmodSync(editor, 0o755);
    const edit = runCli(['review', 'edit', 'p1', '--dir', copy], { env: { ...process.env, EDITOR: editor } });
    expect(edit.stdout, edit.stderr).toMatch(/^p1: edited /);
    expect(runCli(['review', 'accept', 'p1', '--dir', copy]).status).toBe(0);
    expect(readFileSync(join(copy, 'MEMORY.md'), 'utf8')).toMatch(/- added in the editor\n$/);
  });

  it('names or --all, not both or neither: a usage error', () => {
    const memory = writeDriftedMemory(join(tempDir(), 'project', 'memory'));
    expect(runCli(['review', 'accept', '--dir', memory]).status).toBe(2);
    expect(runCli(['review', 'reject', 'p1', '--all', '--dir', memory]).status).toBe(2);
  });
});
