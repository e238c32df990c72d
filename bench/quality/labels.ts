/**
 * The labels of the extraction-quality corpus (decisions 47 and 49). Every statement is written by us and
 * said by a user in a generated Claude Code session; the label says whether a good extractor
 * keeps it and, if it does, what a saved memory must contain.
 */
export type MemoryKind = 'user' | 'feedback' | 'project' | 'reference';

export const MEMORY_KINDS: readonly MemoryKind[] = ['user', 'feedback', 'project', 'reference'];

/** Why a statement must not be saved. */
export type NegativeKind = 'task' | 'question' | 'bugfix' | 'in-code' | 'transient' | 'secret';

/** The families of fake secrets the generator makes (bench/quality/fakeSecrets.ts). */
export type SecretKind =
  | 'aws-access-key'
  | 'aws-secret-key'
  | 'github-pat'
  | 'github-fine-grained'
  | 'slack-bot'
  | 'slack-user'
  | 'private-key-rsa'
  | 'private-key-openssh'
  | 'jwt'
  | 'generic-api-key'
  | 'stripe-live'
  | 'google-api-key'
  | 'npm-token';

/**
 * The hazards of real sessions (decision 69), each said in a way that trips an extractor which
 * reads every user message as the person's words: pasted output, a numbered task prompt, an
 * AskUserQuestion answer, transient status, a correction later in the session, a lasting rule
 * said as a request, a question; and words typed while the agent worked (decision 100), which Claude Code logs only
 * in its queue when it hands them over in the middle of a turn.
 */
export type HazardKind = 'pasted' | 'task-prompt' | 'ask-answer' | 'status' | 'correction' | 'request-rule' | 'question' | 'queued';

export const HAZARD_KINDS: readonly HazardKind[] = [
  'pasted',
  'task-prompt',
  'ask-answer',
  'status',
  'correction',
  'request-rule',
  'question',
  'queued',
];

/** How a hazard statement is said, beyond its text. */
interface Said {
  readonly hazard?: HazardKind;
  /** Said as the answer to this question, asked through AskUserQuestion (a tool result, not a prompt). */
  readonly ask?: string;
  /**
   * Typed while a tool ran: `mid-turn`, handed to the model in the middle of the turn (only the queue's log lines hold it);
   * `withdrawn`, pulled back into the input and never sent (decision 100).
   */
  readonly queued?: 'mid-turn' | 'withdrawn';
  /** Said earlier in the same session and corrected by this statement: a memory with these words kept the old version. */
  readonly earlier?: { readonly text: string; readonly words: readonly string[] };
}

/** A statement a good extractor saves. */
export interface Positive extends Said {
  readonly id: string;
  readonly save: true;
  readonly type: MemoryKind;
  readonly text: string;
  /**
   * Lowercase words that must all appear in a saved memory's name, description and body, each
   * as a whole word (bench/quality/matchWords.ts): `deploy*` also matches `deploys`, `a|b`
   * matches either (a translation), `two words` matches them in a row. Chosen to survive a
   * rewording or a translation: names, numbers, places, technical terms.
   */
  readonly words: readonly string[];
}

/** A statement a good extractor leaves alone. */
export interface Negative extends Said {
  readonly id: string;
  readonly save: false;
  readonly kind: NegativeKind;
  /** For `secret`: the text holds `{{secret}}`, replaced by a generated secret of this family. */
  readonly secret?: SecretKind;
  readonly text: string;
  /** Lowercase words that, all in one memory, mean it was saved; for a secret, the secret itself is added. */
  readonly words: readonly string[];
}

export type Statement = Positive | Negative;

/**
 * dev: the first development half; dev2: a second one, written later blind to the extractor's rules; heldout: kept aside;
 * hazard: the hazard sessions (decision 69), and hazard-aside: a third of them kept aside.
 */
export type Half = 'dev' | 'dev2' | 'heldout' | 'hazard' | 'hazard-aside';
