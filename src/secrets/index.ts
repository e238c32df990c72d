/** The secret scan that guards what leaves the machine (team memory uploads). */
export { scanForSecrets, scanWithMemlogRules, formatFinding, type SecretFinding } from './scanForSecrets.js';
export { MEMLOG_SECRET_RULES, type SecretRule } from './memlogRules.js';
