import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * The command line of a script run by hand (bench/, scripts/), read the one way every such script reads it: `--help`
 * or `-h` prints its usage and exits 0; an option it does not know, or one without its value, prints one line that
 * names it, then the usage, and exits 2, never a stack trace.
 */

/** Whether an error is parseArgs' own, about the command line (ERR_PARSE_ARGS_UNKNOWN_OPTION and its kin). */
const isUsageError = (error: unknown): error is Error => {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
};

/** The options as `parse` reads them, after `--help` and usage errors are answered as above. */
export function parsedArgs<T>(script: string, usage: string, parse: () => T, argv: readonly string[] = process.argv.slice(2)): T {
  const beforeOperands = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (beforeOperands.includes('--help') || beforeOperands.includes('-h')) {
    process.stdout.write(`${usage.trimEnd()}\n`);
    process.exit(0);
  }
  try {
    return parse();
  } catch (error) {
    if (!isUsageError(error)) throw error;
    process.stderr.write(`${script}: ${error.message}\n${usage.trimEnd()}\n`);
    process.exit(2);
  }
}

/** `usage: npx tsx <script> [--name <value>] [--flag]…`, each option with its default, then what the script does. */
export function usageOf(script: string, config: ParseArgsConfig, about = ''): string {
  const options = Object.entries(config.options ?? {}).map(([name, option]) => {
    const value = option.type === 'string' ? ` <value>` : '';
    const fallback =
      option.default === undefined || option.default === false || option.default === '' ? '' : ` (default ${String(option.default)})`;
    return `  --${name}${value}${fallback}`;
  });
  const operands = config.allowPositionals === true ? ' [operand…]' : '';
  const lines = [`usage: npx tsx ${script}${options.length > 0 ? ' [options]' : ''}${operands}`, ...options];
  return about === '' ? lines.join('\n') : `${lines.join('\n')}\n\n${about}`;
}

/** `parseArgs(config)` for a script, with its usage made from its options (`usageOf`) and answered as above. */
export function scriptArgs<T extends ParseArgsConfig>(script: string, config: T, about = ''): ReturnType<typeof parseArgs<T>> {
  return parsedArgs(script, usageOf(script, config, about), () => parseArgs(config));
}
