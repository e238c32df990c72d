import fc from 'fast-check';
import type { MemoryCandidate, StoredMemory } from '../../src/consolidation/memoryCandidate.js';

/**
 * Families of facts said with one template that differ only in which thing they are about (the
 * environment, a service's name or number, a host): each qualifier said one or more times, with
 * a port that may change between sayings. Some sayings are memories already in the directory,
 * the rest statements to consolidate.
 */
interface Family {
  readonly kind: string;
  readonly qualifiers: fc.Arbitrary<string[]>;
  readonly name: (qualifier: string) => string;
  /** The fact, with "now" when it is said again ("… now runs on …"). */
  readonly say: (qualifier: string, port: number, again: boolean) => string;
}

const distinct = (values: fc.Arbitrary<string>, max: number) => fc.uniqueArray(values, { minLength: 2, maxLength: max });
const now = (again: boolean) => (again ? ' now' : '');

const FAMILIES: readonly Family[] = [
  {
    kind: 'environment',
    // One spelling per environment: "prod" and "production" are the same one.
    qualifiers: distinct(fc.constantFrom('staging', 'production', 'dev', 'test', 'local', 'qa', 'sandbox', 'uat', 'preprod'), 6),
    name: (q) => `${q}-api-port`,
    say: (q, port, again) => `The ${q} API${now(again)} runs on port ${port}.`,
  },
  {
    kind: 'service name',
    qualifiers: distinct(fc.constantFrom('billing', 'auth', 'search', 'payments', 'reporting', 'inventory', 'shipping', 'checkout'), 6),
    name: (q) => `${q} service port`,
    say: (q, port, again) => `The ${q} service${now(again)} listens on port ${port}.`,
  },
  {
    kind: 'numbered service',
    qualifiers: distinct(fc.integer({ min: 1, max: 60 }).map(String), 8),
    name: (q) => `service-${q}`,
    say: (q, port, again) => `Service ${q}${now(again)} runs on port ${port}.`,
  },
  {
    kind: 'host name',
    qualifiers: distinct(fc.stringMatching(/^[a-z]{2,5}[0-9]{1,2}\.(?:internal|example\.com)$/), 5),
    name: (q) => `cache on ${q}`,
    say: (q, port, again) => `The cache on host ${q}${now(again)} uses port ${port}.`,
  },
];

export interface Saying {
  readonly family: string;
  readonly qualifier: string;
  readonly port: number;
  /** Minutes after the first saying: distinct, so "the latest" is one saying. */
  readonly minute: number;
  readonly stored: boolean;
  readonly text: string;
  readonly name: string;
}

const port = fc.integer({ min: 1024, max: 65535 });

/** One family's sayings: every qualifier at least once, in an arbitrary order. */
const familySayings = (family: Family): fc.Arbitrary<Omit<Saying, 'minute' | 'text'>[]> =>
  family.qualifiers.chain((qualifiers) =>
    fc
      .tuple(
        fc.tuple(...qualifiers.map(() => fc.array(fc.tuple(port, fc.boolean()), { minLength: 1, maxLength: 3 }))),
        fc.constant(qualifiers),
      )
      .map(([perQualifier, qs]) =>
        perQualifier.flatMap((sayings, i) =>
          sayings.map(([p, stored]) => ({ family: family.kind, qualifier: qs[i]!, port: p, stored, name: family.name(qs[i]!) })),
        ),
      ),
  );

/** One to all four families together, their sayings shuffled in time. */
export const qualifiedFacts: fc.Arbitrary<Saying[]> = fc
  .uniqueArray(fc.constantFrom(...FAMILIES), { minLength: 1, maxLength: FAMILIES.length, selector: (f) => f.kind })
  .chain((families) => fc.tuple(...families.map(familySayings)).map((all) => all.flat()))
  .chain((sayings) =>
    fc
      .shuffledSubarray(
        sayings.map((_, i) => i),
        { minLength: sayings.length, maxLength: sayings.length },
      )
      .map((order) => {
        const seen = new Set<string>();
        return order.map((index, minute): Saying => {
          const s = sayings[index]!;
          const key = `${s.family}\n${s.qualifier}`;
          const family = FAMILIES.find((f) => f.kind === s.family)!;
          const text = family.say(s.qualifier, s.port, seen.has(key));
          seen.add(key);
          return { ...s, minute, text };
        });
      }),
  );

const at = (minute: number): string => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();

/** The sayings kept as memory files: one file each, named for its order. */
export const storedOf = (sayings: readonly Saying[]): StoredMemory[] =>
  sayings
    .filter((s) => s.stored)
    .map((s) => ({
      filename: `fact-${String(s.minute).padStart(3, '0')}.md`,
      file: { type: 'project', name: s.name, description: s.text, body: s.text, modified: at(s.minute) },
    }));

/** The sayings still to consolidate, as backfill's first phase records them. */
export const candidatesOf = (sayings: readonly Saying[]): MemoryCandidate[] =>
  sayings
    .filter((s) => !s.stored)
    .map((s) => ({
      type: 'project',
      name: s.name,
      description: s.text,
      body: s.text,
      saidAt: at(s.minute),
      sources: [{ session: `session-${s.minute}`, uuid: `uuid-${s.minute}`, timestamp: at(s.minute) }],
    }));

/** What consolidation should keep: per family and qualifier, the latest saying's port. */
export function latestPerQualifier(sayings: readonly Saying[]): Map<string, number> {
  const latest = new Map<string, Saying>();
  for (const s of sayings) {
    const key = `${s.family}: ${s.qualifier}`;
    if ((latest.get(key)?.minute ?? -1) < s.minute) latest.set(key, s);
  }
  return new Map([...latest].map(([key, s]) => [key, s.port]));
}

/** What a kept memory's body says, read back by its text: the family, the qualifier and the port. */
export function factOf(sayings: readonly Saying[], body: string): { readonly key: string; readonly port: number } | undefined {
  const s = sayings.find((saying) => saying.text === body.trim());
  return s === undefined ? undefined : { key: `${s.family}: ${s.qualifier}`, port: s.port };
}
