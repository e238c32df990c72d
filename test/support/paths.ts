import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The bundled demo projects, written by us; always present. */
export const demoProjects = join(repoRoot, 'fixtures', 'projects');
export const negativeFixtures = join(repoRoot, 'fixtures', 'negative');
/** ../shared beside the checkout: present in CI and on our machines, not on a user's. */
export const sharedFixtures = resolve(repoRoot, '..', 'shared', 'fixtures');
export const hasShared = existsSync(sharedFixtures);
