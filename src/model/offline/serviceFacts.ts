import { POINTS_BACK } from './openerWords.js';
import type { MemoryType } from '../../memory/durable/topicFile.js';
import { NAMED, TROUBLE } from './environmentFacts.js';
import { namesAThing, wordsIn } from './sentenceShape.js';

/**
 * Services that do a job for the project outside its code (decision 104): where work and bugs are
 * tracked, what watches production, which CI runs the checks, where packages and images are
 * published. The repository does not say these ("we use Tailwind for styling" it does), so a
 * colleague keeps them. Written from kinds of statement with invented sentences as their tests,
 * never from a corpus sentence.
 */

/** Jobs done outside the code, and the memory each is: where things are looked up, or how the project runs. */
const LOOKED_UP_JOB = String.raw`(?:(?:issue|bug|task|ticket|work|project|error|crash|exception|incident|uptime|feature[- ]request)\s+(?:tracking|tracker|reporting|management|monitoring)|monitoring|observability|alerting|paging|on-?call|tracing|analytics|log (?:aggregation|management|search)|status pages?|team chat|chat|incident response|docs hosting|documentation hosting|issues|bugs|tickets|tasks)`;
// A service the product hands a job to ("Supabase for auth", "Stripe for payments") is one too: the code calls it, but
// which one and what for is the project's choice, kept (decision 133).
const RUNNING_JOB = String.raw`(?:ci|ci\/cd|continuous (?:integration|delivery|deployment)|deploys|deployments|hosting|releases|release builds|code review|feature flags|secrets?(?: management)?|backups|dns|cdn|transactional email|package hosting|auth|authentication|payments|billing|subscriptions|emails?|file storage|object storage|file uploads|push notifications|sms|realtime)`;

/** The role a service holds, said as its noun: "our issue tracker is Linear", "CI is CircleCI". */
const LOOKED_UP_ROLE = String.raw`(?:issue tracker|bug tracker|task tracker|error tracker|ticket(?:ing)? system|project tracker|monitoring(?: tool| stack| system)?|alerting(?: tool)?|paging tool|on-?call tool|status page|chat|team chat)`;
const RUNNING_ROLE = String.raw`(?:ci|ci provider|ci system|ci server|build server|cd|container registry|docker registry|image registry|package registry|registry|hosting provider|host|cloud provider|cloud|dns provider|cdn|secrets? manager|password manager)`;

/** The words of a job or of what is tracked, taken out before a sentence is looked at for trouble. */
const JOB_WORDS =
  /\b(?:issues?|bugs?|errors?|crash|exception|incidents?)(?=\s+(?:tracking|tracker|reporting|management|monitoring|in|on|with|via|using)\b)|\bGitHub Issues\b|\bfor\s+(?:our\s+|all\s+)?(?:issues|bugs|tickets|errors)\s*[.!]?$|\b(?:para|pour)\s+(?:\S+\s+){0,3}(?:issues|bugs|errores|erreurs)\b/gi;

/** Where the named service starts in the sentence, after its opener. */
interface Opener {
  readonly pattern: RegExp;
  readonly type: MemoryType;
}

/** Who uses a service for a job, and how they say it: "we use", "the team relies on", "we're using" (decision 133). */
const TEAM_USES = String.raw`(?:we|the team|our team)(?:\s+(?:use|rely on|run|have)|'re\s+using|\s+are\s+using)`;

const OPENERS: readonly Opener[] = [
  // "We use Linear for issue tracking", "The team relies on PagerDuty for on-call"
  {
    pattern: new RegExp(String.raw`^${TEAM_USES}\s+(.{2,40}?)\s+(?:for|as our|as the)\s+(?:our\s+|all\s+)?${LOOKED_UP_JOB}\s*[.!]?$`, 'i'),
    type: 'reference',
  },
  {
    pattern: new RegExp(String.raw`^${TEAM_USES}\s+(.{2,40}?)\s+(?:for|as our|as the)\s+(?:our\s+|all\s+)?${RUNNING_JOB}\s*[.!]?$`, 'i'),
    type: 'project',
  },
  // "Our issue tracker is Linear", "CI is CircleCI", "el CI es GitHub Actions"
  {
    pattern: new RegExp(
      String.raw`^(?:(?:our|the|el|nuestro|le|notre)\s+)?${LOOKED_UP_ROLE}\s+(?:is|es|est)\s+(?:on\s+|in\s+)?(.{2,40}?)\s*[.!]?$`,
      'i',
    ),
    type: 'reference',
  },
  {
    pattern: new RegExp(
      String.raw`^(?:(?:our|the|el|nuestro|le|notre)\s+)?${RUNNING_ROLE}\s+(?:is|es|est)\s+(?:on\s+|in\s+)?(.{2,40}?)\s*[.!]?$`,
      'i',
    ),
    type: 'project',
  },
  // Spanish and French: "usamos Linear para los issues", "on utilise Sentry pour le suivi des erreurs"
  {
    pattern:
      /^(?:usamos|utilizamos|on utilise|nous utilisons)\s+(.{2,40}?)\s+(?:para|pour)\s+(?:el\s+|la\s+|los\s+|las\s+|le\s+|les\s+)?(?:seguimiento de (?:los\s+)?|suivi des\s+)?(?:issues|incidencias|tickets|bugs|errores|erreurs|monitoreo|monitorización|alertas|alertes|trazas)\s*[.!]?$/i,
    type: 'reference',
  },
  // "We track bugs in GitHub Issues", "We track our tasks with beads"
  {
    pattern:
      /^(?:we|I)\s+(?:track|log|file|keep|manage|report)\s+(?:our\s+|all\s+)?(?:bugs|issues|tasks|tickets|todos|feature requests|incidents|errors|work)\s+(?:in|on|with|via|using)\s+(.{2,40}?)\s*[.!]?$/i,
    type: 'reference',
  },
  // "We publish the package to npm under @acme", "Docker images are pushed to GHCR"
  {
    pattern:
      /^(?:we|I)\s+(?:publish|push|release|upload|ship)\s+(?:\S+\s+){0,3}?(?:to|on)\s+(.{2,40}?)(?:\s+(?:under|as|at)\s+\S+)?\s*[.!]?$/i,
    type: 'project',
  },
  {
    pattern:
      /^(?:(?:the|our)\s+)?(?:[\w-]+\s+){0,2}(?:images?|packages?|releases?|binaries|artifacts|builds|crates|gems|wheels|charts)\s+(?:are|is|get|gets)\s+(?:published|pushed|released|uploaded)\s+to\s+(.{2,40}?)(?:\s+(?:under|as|at)\s+\S+)?\s*[.!]?$/i,
    type: 'project',
  },
];

/** A service named: a proper name, a known tool, a host or path ("GHCR", "npm", "ghcr.io/acme"), or a noun the tagger reads as one. */
const NAMED_SERVICE = new RegExp(String.raw`^(?:the\s+)?${NAMED}`, 'u');

/** The work of the moment: "for now", "this time". */
const FOR_NOW = /\b(?:for now|right now|for the moment|this time|today|yet|anymore)\b/i;
/** What a team uses for a job: "we use … for …". */
const USED_FOR = new RegExp(String.raw`^${TEAM_USES}\s`, 'i');
/** A service only pointed at: "it", "this". */

function named(sentence: string, match: RegExpExecArray): boolean {
  const service = match[1] ?? '';
  if (POINTS_BACK.test(service) || /^(?:a|an)\s/i.test(service)) return false;
  // Named as typed in a hurry ("we use linear for issues"): what a team uses for a job is a service, one or two plain words.
  if (NAMED_SERVICE.test(service) || (USED_FOR.test(sentence) && /^[a-z][\w.-]*(?:\s+[a-z][\w.-]*)?$/i.test(service))) return true;
  // The tagger reads a Spanish or French word ("rojo", "verde") as a name: there only a name as written counts.
  if (/^(?:el|le|nuestro|notre)\s/i.test(sentence)) return false;
  const start = sentence.indexOf(service, match.index);
  return start >= 0 && namesAThing(wordsIn(sentence, start, start + service.length));
}

/** The type of memory a sentence naming a service's job for the project is, or undefined when it names none. */
export function serviceFact(sentence: string): MemoryType | undefined {
  for (const { pattern, type } of OPENERS) {
    const match = pattern.exec(sentence);
    if (match !== null) return named(sentence, match) && standing(sentence) ? type : undefined;
  }
  return undefined;
}

/** Not said with a word of trouble or of the moment; the job's own words ("error tracking", "issues") are no trouble. */
const standing = (sentence: string): boolean => !TROUBLE.test(sentence.replace(JOB_WORDS, '')) && !FOR_NOW.test(sentence);
