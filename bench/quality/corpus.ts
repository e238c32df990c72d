import { DEV } from './corpus/dev.js';
import { DEV2 } from './corpus/dev2.js';
import { HAZARDS, HAZARDS_ASIDE } from './corpus/hazards.js';
import { HELDOUT } from './corpus/heldout.js';
import { fakeSecret } from './fakeSecrets.js';
import type { Half, Statement } from './labels.js';

/** A statement as it is said in a session: `{{secret}}` replaced by its fake secret. */
export type ResolvedStatement = Statement & { readonly said: string; readonly secretValue?: string };

/** A small stable number from an id, the seed of its fake secret. */
export function seedOf(id: string): number {
  let hash = 2166136261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

export function resolve(statement: Statement): ResolvedStatement {
  if (statement.save || statement.secret === undefined) return { ...statement, said: statement.text };
  const secretValue = fakeSecret(statement.secret, seedOf(statement.id));
  return { ...statement, said: statement.text.replace('{{secret}}', secretValue), secretValue };
}

/** One half of the corpus, resolved. */
export function corpusHalf(half: Half): ResolvedStatement[] {
  const halves: Record<Half, readonly Statement[]> = {
    dev: DEV,
    dev2: DEV2,
    heldout: HELDOUT,
    hazard: HAZARDS,
    'hazard-aside': HAZARDS_ASIDE,
  };
  return halves[half].map(resolve);
}
