import { mkdirSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PathEscapeError } from '../../src/index.js';
import { isWithin, resolveInside } from '../../src/fs/index.js';
import { fcRuns } from '../support/fcRuns.js';
import { tempDir } from '../support/tempDir.js';

function layout() {
  const base = tempDir();
  const root = join(base, 'memory');
  const outside = join(base, 'outside');
  mkdirSync(join(root, 'topics'), { recursive: true });
  mkdirSync(outside);
  symlinkSync(outside, join(root, 'link-out'));
  symlinkSync(join(root, 'topics'), join(root, 'link-in'));
  symlinkSync(join(outside, 'secret.md'), join(root, 'file-out.md')); // dangling, points outside
  return { base, root, outside };
}

describe('resolveInside', () => {
  it('accepts paths inside, through links that stay inside, and files that do not exist yet', async () => {
    const { root } = layout();
    const real = realpathSync(root);
    await expect(resolveInside(root, 'MEMORY.md')).resolves.toBe(join(real, 'MEMORY.md'));
    await expect(resolveInside(root, 'topics/../a.md')).resolves.toBe(join(real, 'a.md'));
    await expect(resolveInside(root, 'link-in/new.md')).resolves.toBe(join(real, 'topics', 'new.md'));
    await expect(resolveInside(root, join(real, 'topics', 'x.md'))).resolves.toBe(join(real, 'topics', 'x.md'));
  });

  it.each([
    ['../outside/x.md', /leaves the allowed directory/],
    ['/etc/passwd', /leaves the allowed directory/],
    ['link-out/x.md', /symbolic link leads out/],
    ['file-out.md', /symbolic link leads out/],
    ['topics/\u0000.md', /control characters/],
    ['\uFF0E\uFF0E/outside/x.md', /only looks like ".."/],
    ['', /empty/],
  ])('refuses %j', async (requested, why) => {
    const { root } = layout();
    const error: unknown = await resolveInside(root, requested).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PathEscapeError);
    expect((error as Error).message).toMatch(why);
    expect((error as Error).message).not.toContain(root); // names the path asked for, not the host path
  });

  it('property: whatever path and link layout, nothing resolved lies outside, and writes through the gate never land outside', async () => {
    const segment = fc.constantFrom('..', '.', 'a', 'b', 'topics', 'link-out', 'link-in', 'loop', 'x.md', '\uFF0E\uFF0E', 'a\u0000');
    const layoutLinks = fc.array(
      fc.record({ name: fc.constantFrom('a', 'b', 'loop', 'c'), to: fc.constantFrom('outside', 'root', 'topics', 'loop', 'outside/deep') }),
      { maxLength: 4 },
    );
    await fc.assert(
      fc.asyncProperty(layoutLinks, fc.array(segment, { minLength: 1, maxLength: 6 }), fc.boolean(), async (links, parts, absolute) => {
        const { base, root, outside } = layout();
        for (const link of links) {
          const target =
            link.to === 'root'
              ? root
              : link.to === 'topics'
                ? join(root, 'topics')
                : link.to === 'loop'
                  ? join(root, 'loop')
                  : join(base, link.to);
          try {
            symlinkSync(target, join(root, link.name));
          } catch {
            // the name is taken: keep the first link
          }
        }
        const requested = (absolute ? `${realpathSync(root)}/` : '') + parts.join('/');
        let resolved: string | undefined;
        try {
          resolved = await resolveInside(root, requested);
        } catch (error) {
          expect(error).toBeInstanceOf(PathEscapeError);
          return;
        }
        expect(isWithin(realpathSync(root), resolved)).toBe(true);
        try {
          mkdirSync(join(resolved, '..'), { recursive: true });
          writeFileSync(resolved, 'gated write');
        } catch {
          // a directory in the way, and the like: not the gate's concern
        }
        expect(readdirSync(outside)).toEqual([]);
      }),
      { numRuns: Math.min(fcRuns, 200) },
    );
  });
});
