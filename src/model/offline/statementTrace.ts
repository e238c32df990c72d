/**
 * The finder that made a statement, kept beside it by identity: the real-session bench's per-kind table reads it to
 * say which kind of statement a save came from (decision 116). Nothing in extraction reads it, and what is written is
 * the same with or without it.
 */
const finders = new WeakMap<object, string>();

/** Marks what a finder made with the finder's name, before the name of the finder inside it if one marked it first. */
export function traced<T extends object>(finder: string, made: T | undefined): T | undefined {
  if (made === undefined) return undefined;
  const inner = finders.get(made);
  finders.set(made, inner === undefined ? finder : `${finder}/${inner}`);
  return made;
}

/** The finders that made a statement, outermost first ("fact/service"); undefined when none marked it. */
export const finderOf = (made: object): string | undefined => finders.get(made);
