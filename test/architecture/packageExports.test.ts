import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';

/**
 * The package's entry points ("exports" in package.json) must name files the build emits. The
 * build (tsconfig.build.json) maps src/<path>.ts to dist/<path>.js and dist/<path>.d.ts, so each
 * target is checked against the source it comes from, without running the build.
 */
interface Target {
  readonly types: string;
  readonly default: string;
}

const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { name: string; exports: Record<string, Target> };
const build = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.build.json'), 'utf8')) as {
  compilerOptions: { rootDir: string; outDir: string };
};

describe('package exports', () => {
  it('the build maps src/ to dist/, as the targets below assume', () => {
    expect(build.compilerOptions).toMatchObject({ rootDir: 'src', outDir: 'dist', declaration: true });
  });

  it('offers the library and its test doubles', () => {
    expect(Object.keys(packageJson.exports)).toEqual(['.', './testing']);
  });

  for (const [subpath, target] of Object.entries(packageJson.exports)) {
    it(`${packageJson.name}${subpath.slice(1)} points at the files emitted from its source`, () => {
      const source = target.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');
      expect(target.default).toMatch(/^\.\/dist\/.+\.js$/);
      expect(existsSync(join(repoRoot, source)), `${source} exists`).toBe(true);
      expect(target.types).toBe(target.default.replace(/\.js$/, '.d.ts'));
    });
  }
});
