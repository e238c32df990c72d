import { Option, type Command } from 'commander';
import { checkOptions } from './optionChecks.js';

/** One option of a command, as data: what `--help` shows and how its value is read. */
export interface OptionSpec {
  /** Commander's flags, e.g. `--out <dir>`; the table's key is the name commander gives its value. */
  readonly flags: string;
  readonly description: string;
  readonly parse?: (value: string) => unknown;
  readonly choices?: readonly string[];
  readonly default?: string | number;
  /** Accepted, not shown in `--help`. */
  readonly hidden?: boolean;
}

/** A command's options, keyed by the name each value has in the options commander hands the action (decision 75). */
export type OptionTable<O> = { readonly [K in keyof O]-?: OptionSpec };

/** An option given on the command line, or given with this value. */
export type OptionCondition<K extends string> = K | { readonly option: K; readonly value: string };

/**
 * A rule between options, as data: when `given` is given, and `with` too (a conflict) or
 * `without` not (a requirement), the command stops with `message` as its usage error.
 */
export interface OptionRule<K extends string> {
  readonly given: OptionCondition<K>;
  readonly with?: OptionCondition<K>;
  readonly without?: K;
  readonly message: string;
}

/** Adds a table's options to a command, in the table's order. */
export function addOptionTable<O>(command: Command, table: OptionTable<O>): Command {
  for (const [key, spec] of Object.entries<OptionSpec>(table)) {
    const option = new Option(spec.flags, spec.description);
    if (spec.parse !== undefined) option.argParser(spec.parse);
    if (spec.choices !== undefined) option.choices(spec.choices);
    if (spec.default !== undefined) option.default(spec.default);
    if (spec.hidden === true) option.hideHelp();
    // The key is how the action reads the value: a table whose key and flag disagree is a bug.
    if (option.attributeName() !== key) throw new Error(`option table: ${spec.flags} is read as ${option.attributeName()}, not ${key}`);
    command.addOption(option);
  }
  return command;
}

/** Checks a command's options against its rules before the action runs: the first rule broken is the usage error. */
export function checkOptionRules<K extends string>(command: Command, rules: readonly OptionRule<K>[]): Command {
  return checkOptions<Record<string, unknown>>(command, (options, given) => {
    const holds = (condition: OptionCondition<K>): boolean =>
      typeof condition === 'string' ? given(condition) : given(condition.option) && options[condition.option] === condition.value;
    const broken = rules.find(
      (rule) => holds(rule.given) && (rule.with === undefined || holds(rule.with)) && (rule.without === undefined || !given(rule.without)),
    );
    return broken?.message;
  });
}
