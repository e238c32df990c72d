/** The secret scan that guards what leaves the machine (team memory uploads). */
export {
  scanForSecrets,
  scanWithMemlogRules,
  formatFinding,
  findSecretSpans,
  type SecretFinding,
  type SecretSpan,
} from './scanForSecrets.js';
export { redactText, redactLine, type Redaction } from './redactLine.js';
export { MEMLOG_SECRET_RULES, type SecretRule } from './memlogRules.js';
