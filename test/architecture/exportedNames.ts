import ts from 'typescript';
import { ownModulesHost } from '../support/ownModulesHost.js';

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  noEmit: true,
  // Which names a module exports depends on our own files only: no lib, no packages to parse.
  noLib: true,
  types: [],
};

/**
 * Every name each entry module exports, values and types alike, sorted. Read with the compiler
 * (not a regex over the file): `export *` and re-exports through barrels count as what they
 * finally expose. One program for all entries, so the shared modules are parsed once.
 */
export function exportedNames(entries: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram([...entries], options, ownModulesHost(options));
  const checker = program.getTypeChecker();
  return new Map(
    entries.map((entry) => {
      const source = program.getSourceFile(entry);
      const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
      if (module === undefined) throw new Error(`${entry} is not a module the compiler could read`);
      return [
        entry,
        checker
          .getExportsOfModule(module)
          .map((symbol) => symbol.name)
          .sort(),
      ];
    }),
  );
}
