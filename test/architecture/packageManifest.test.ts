import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

interface Manifest {
  name: string;
  license: string;
  files: string[];
  scripts: Record<string, string>;
  exports: Record<string, { types: string }>;
  typesVersions?: unknown;
}

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest;
const build = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.build.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };

describe('what the published package holds', () => {
  it('ships the licence its manifest names', () => {
    expect(manifest.license).toBe('MIT');
    expect(manifest.files).toContain('LICENSE');
    expect(readFileSync(join(repoRoot, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('runs no lifecycle script on a consumer’s install', () => {
    for (const script of ['prepare', 'preinstall', 'install', 'postinstall']) expect(manifest.scripts).not.toHaveProperty(script);
  });

  it('emits no source maps, which would point at src/, not shipped', () => {
    expect(build.compilerOptions['sourceMap'] ?? false).toBe(false);
    expect(build.compilerOptions['declarationMap'] ?? false).toBe(false);
    expect(manifest.files).not.toContain('src');
  });
});

/**
 * A consumer's TypeScript finds the types of every entry point whatever its moduleResolution:
 * node16/nodenext and bundler read "exports", the older node10 reads "typesVersions". Checked on
 * a package laid out as npm installs it, with the declaration files where the build puts them.
 */
function installedConsumer(): string {
  const consumer = tempDir('memlog-consumer-');
  const installed = join(consumer, 'node_modules', manifest.name);
  for (const target of Object.values(manifest.exports)) {
    const file = join(installed, target.types);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'export {};\n');
  }
  writeFileSync(join(installed, 'package.json'), readFileSync(join(repoRoot, 'package.json')));
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
  return consumer;
}

describe('every entry point resolves under every module resolution', () => {
  const modes = [
    ['node10', ts.ModuleResolutionKind.Node10, ts.ModuleKind.CommonJS],
    ['node16', ts.ModuleResolutionKind.Node16, ts.ModuleKind.Node16],
    ['nodenext', ts.ModuleResolutionKind.NodeNext, ts.ModuleKind.NodeNext],
    ['bundler', ts.ModuleResolutionKind.Bundler, ts.ModuleKind.ESNext],
  ] as const;
  for (const [name, moduleResolution, module] of modes) {
    for (const subpath of Object.keys(manifest.exports)) {
      const specifier = `${manifest.name}${subpath.slice(1)}`;
      it(`${specifier} under ${name}`, () => {
        const consumer = installedConsumer();
        const options: ts.CompilerOptions = { moduleResolution, module };
        const { resolvedModule } = ts.resolveModuleName(specifier, join(consumer, 'index.ts'), options, ts.sys);
        expect(resolvedModule?.resolvedFileName).toBeDefined();
        expect(existsSync(resolvedModule!.resolvedFileName)).toBe(true);
        expect(resolvedModule!.resolvedFileName).toMatch(/\.d\.ts$/);
      });
    }
  }
});
