import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupPeriod } from '../../src/archive/index.js';
import { tempDir } from '../support/tempDir.js';

function folders(): { config: string; project: string } {
  const config = tempDir();
  const project = tempDir();
  mkdirSync(join(project, '.claude'));
  return { config, project };
}

describe('cleanupPeriodDays as Claude Code resolves it', () => {
  it('is 30 when no settings file sets it', () => {
    const { config, project } = folders();
    expect(cleanupPeriod(config, project)).toEqual({ days: 30, from: 'default' });
  });

  it('the project overrides the user, and the local settings override both', () => {
    const { config, project } = folders();
    writeFileSync(join(config, 'settings.json'), '{"cleanupPeriodDays": 7}');
    writeFileSync(join(project, '.claude', 'settings.json'), '{"cleanupPeriodDays": 14}');
    expect(cleanupPeriod(config, project).days).toBe(14);
    writeFileSync(join(project, '.claude', 'settings.local.json'), '{"cleanupPeriodDays": 90}');
    expect(cleanupPeriod(config, project)).toEqual({ days: 90, from: join(project, '.claude', 'settings.local.json') });
  });

  it('a settings file without the key, or with a value that is not a whole number, leaves the one before', () => {
    const { config, project } = folders();
    writeFileSync(join(config, 'settings.json'), '{"cleanupPeriodDays": 7}');
    writeFileSync(join(project, '.claude', 'settings.json'), '{"cleanupPeriodDays": "soon"}');
    writeFileSync(join(project, '.claude', 'settings.local.json'), '{"model": "x"}');
    expect(cleanupPeriod(config, project).days).toBe(7);
  });

  it('a settings file that is not JSON pauses the cleanup, and says which', () => {
    const { config, project } = folders();
    writeFileSync(join(project, '.claude', 'settings.json'), '{"cleanupPeriodDays": 7');
    expect(cleanupPeriod(config, project).paused).toBe(`${join(project, '.claude', 'settings.json')} is not valid JSON`);
  });
});
