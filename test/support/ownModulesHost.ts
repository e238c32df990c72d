import ts from 'typescript';

/** A compiler host that follows relative imports only; `zod`, `rxjs` and the SDK stay unresolved, unread. */
export function ownModulesHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  host.resolveModuleNameLiterals = (literals, containingFile, redirectedReference, compilerOptions) =>
    literals.map((literal) =>
      literal.text.startsWith('.')
        ? ts.resolveModuleName(literal.text, containingFile, compilerOptions, host, undefined, redirectedReference, ts.ModuleKind.ESNext)
        : { resolvedModule: undefined },
    );
  return host;
}
