import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitOwnModules } from '../support/emitOwnModules.js';
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
  emitOwnModules(into, [join(repoRoot, 'src', 'testing', 'index.ts')]);
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
