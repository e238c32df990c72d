import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.js';
import { tempDir } from '../support/tempDir.js';

/**
 * What a user's `import … from 'memlog/testing'` meets: the package's "exports" map resolved by
 * node itself, over JavaScript emitted the way the build lays it out (src/ → dist/). Only the
 * test doubles' own modules are emitted, into a temp package (type checking is tsc's job
 * elsewhere), so this takes a second instead of a full build; packageExports.test.ts checks
 * that the root entry points at emitted files too.
 */
function emitPackage(into: string): void {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    verbatimModuleSyntax: true,
    rootDir: join(repoRoot, 'src'),
    outDir: join(into, 'dist'),
    noLib: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  // Our own modules only: the packages are loaded at run time from node_modules, never compiled.
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, compilerOptions) =>
    literals.map((literal) =>
      literal.text.startsWith('.')
        ? ts.resolveModuleName(literal.text, containingFile, compilerOptions, host, undefined, redirected, ts.ModuleKind.ESNext)
        : { resolvedModule: undefined },
    );
  const result = ts.createProgram([join(repoRoot, 'src', 'testing', 'index.ts')], options, host).emit();
  if (result.emitSkipped) throw new Error('the emit was skipped');
}

describe('the package resolves its own entry points', () => {
  it("a script inside the package imports 'memlog/testing' through the exports map", () => {
    const dir = tempDir('memlog-package-');
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { name: string; type: string; exports: unknown };
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: manifest.name, type: manifest.type, exports: manifest.exports }));
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
    emitPackage(dir);
    mkdirSync(join(dir, 'scripts'));
    writeFileSync(
      join(dir, 'scripts', 'probe.mjs'),
      [
        "import { ScriptedModel, userEntry } from 'memlog/testing';",
        "const model = new ScriptedModel([{ content: [{ type: 'text', text: 'scripted' }] }]);",
        'const reply = await model.complete({ messages: [], maxTokens: 1 });',
        "console.log(reply.content[0].text, userEntry('u1', 'hi').type);",
      ].join('\n'),
    );
    const output = execFileSync(process.execPath, [join(dir, 'scripts', 'probe.mjs')], { cwd: dir, encoding: 'utf8' });
    expect(output.trim()).toBe('scripted user');
  });
});
