import { capitalise } from './capitalise.js';
/**
 * Facts about the environment a person states in passing (decision 93): where things run and live
 * ("we have the site on Netlify", "the backend lives in ../api"), a setting they changed themselves ("I
 * changed the API port to 8081"), and a fact a question takes for granted ("since we host the
 * docs on Netlify, can you…?"). Written from kinds of statement, like statementKinds.ts, never
 * from a corpus sentence. Each needs a named thing (a proper name, a path, a host, a version, a
 * known tool): "the app uses too much memory" names nothing and is no fact.
 */

/** Lower-case names of tools people write without capitals. */
const LOWER_TOOLS = String.raw`(?:pnpm|npm|yarn|bun|deno|node|vitest|jest|mocha|pytest|uv|poetry|pip|conda|cargo|rustup|docker|podman|kubectl|k8s|terraform|wrangler|vite|webpack|esbuild|rollup|turbo|nx|tailwind|prettier|eslint|biome|ruff|mypy|postgres|mysql|sqlite|redis|mongo|mongodb|supabase|firebase|vercel|netlify|railway|heroku|nginx|caddy|systemd|tmux|zsh|bash|fish|git|gh|make|just|bazel|gradle|maven|github|gitlab|bitbucket|cloudflare|aws|gcp|azure|jira|sentry|datadog|honeycomb|circleci|buildkite|jenkins|homebrew|pypi|ghcr|dockerhub|kubernetes|helm|ansible|pulumi|digitalocean|hetzner)`;

/**
 * A named thing: a word with a capital that is not the first of its sentence, something with a dot,
 * slash, colon or underscore inside (`Fly.io`, `../api`, `localhost:3000`, `DATABASE_URL`), a
 * version number, a backticked name, or a known lower-case tool.
 */
export const NAMED = String.raw`(?:\p{Lu}[\p{L}\p{N}+#-]*|[\p{L}\p{N}~.-]*[./:_@][\p{L}\p{N}./:_@-]*[\p{L}\p{N}]|\d+(?:\.\d+)*|\x60[^\x60]+\x60|${LOWER_TOOLS}(?![\p{L}\p{N}]))`;

/** Words that say something is wrong or uncertain: a sentence with one is a symptom or a guess, not a settled fact. */
export const TROUBLE =
  /\b(?:but|though|although|error|errors|fail\w*|crash\w*|broken|breaks?|bug\w*|issue|issues|problem\w*|wrong|hang\w*|stuck|slow|blank|doesn't|does not|can't|cannot|won't|isn't|aren't|think|seems?|maybe|probably|might|not sure|fallo|falla|roto|rota|caíd[oa]|lent[oa]|problema|no funciona)\b/iu;

/** The same subjects in Spanish. */
const PLACE_NOUN_ES = String.raw`(?:web|sitio|página|app|aplicación|backend|frontend|api|servidor|servicio|base de datos|bd|repo|repositorio|proyecto|documentación|docs|bot|cli|workers?)`;

/** Subjects a fact about the environment is said of. */
const PLACE_NOUN = String.raw`(?:DB|API|CI|CLI|repo|repository|monorepo|project|app|application|site|website|web|backend|frontend|api|server|service|db|database|stack|ci|pipeline|cluster|infra|branch|docs|bucket|queue|cache|bot|worker|workers|cli|package|packages)`;

/**
 * "We deploy the API to Fly.io", "We're on Heroku", "We have the site on Netlify", and the same in
 * Spanish, French and German: where things run, which the code does not say. What the repository
 * already says ("we use Tailwind", "the frontend is built with Vite") is left to the code.
 */
const HOUSE_STACK = new RegExp(
  [
    String.raw`^(?:[Ww]e(?:'re|\s+are)\s+on|[Ww]e\s+(?:deploy (?:\S+\s+){0,3}(?:to|on|with)|host (?:\S+\s+){0,3}(?:on|at|with)|have (?:\S+\s+){1,4}(?:on|in|at)))\s+${NAMED}`,
    String.raw`^(?:[Dd]esplegamos (?:\S+\s+){0,3}en|[Tt]enemos (?:\S+\s+){1,4}en|[Oo]n déploie (?:\S+\s+){0,3}sur|[Nn]ous avons (?:\S+\s+){1,4}sur|[Ww]ir (?:deployen|hosten) (?:\S+\s+){0,3}auf)\s+${NAMED}`,
  ].join('|'),
  'u',
);

/** "Our staging DB is Postgres 15 on RDS", "The backend lives in ../api", "The main branch is called trunk". */
const PLACE_FACT = new RegExp(
  [
    String.raw`^(?:[Tt]he|[Oo]ur)\s+(?:[\w-]+\s+){0,2}${PLACE_NOUN}\s+(?:lives (?:in|at)|is (?:checked out|cloned) (?:at|in|to|under)|is in|is on|runs on|is hosted on|is deployed (?:on|to)|is|are)\s+${NAMED}`,
    String.raw`^(?:[Tt]he|[Oo]ur)\s+(?:[\w-]+\s+){0,2}${PLACE_NOUN}\s+is\s+(?:called|named)\s+\S+`,
    // Spanish: "la web está en Cloudflare Pages", "el backend está alojado en Railway"
    String.raw`^(?:[Ee]l|[Ll]a|[Ll]os|[Ll]as|[Nn]uestr[oa]s?)\s+${PLACE_NOUN_ES}\s+(?:\S+\s+){0,2}(?:está|están|vive|viven|corre|corren)\s+(?:alojad[oa]s?\s+|desplegad[oa]s?\s+|publicad[oa]s?\s+)?en\s+${NAMED}`,
    String.raw`^(?:[Aa]ll|[Ee]very|[Ee]ach)\s+(?:[\w-]+\s+){1,2}(?:are|is)\s+(?:stored|kept|saved|written|logged|formatted|shown|displayed|rendered|reported)\s+(?:in|as)\s+${NAMED}`,
  ].join('|'),
  'u',
);

const CONFIG_NOUN = String.raw`(?:PORT|URL|port|path|url|endpoint|host|hostname|domain|region|base url|env var|environment variable|socket path|node version|python version)`;

/** "I have updated SOME_PATH=/v2 to a new path", "I changed the API port to 8081": a setting the person changed. */
const SETTING_CHANGED = new RegExp(
  String.raw`^I(?:'ve| have)?\s+(?:just\s+|now\s+)?(?:updated|changed|set|moved|renamed|switched|pointed|bumped)\s+(?:the\s+|our\s+|my\s+)?(?:\p{Lu}[\p{Lu}\p{N}]*_[\p{Lu}\p{N}_]+(?:=\S+)?|(?:[\w-]+\s+){0,2}${CONFIG_NOUN})\b[^.?!]*?\b(?:to|=)\s*\S+`,
  'u',
);

/**
 * What a question takes for granted: "Since we host the docs on Netlify, can you…?". After "if"
 * ("si") only when the question is a negative one ("…, no puedes…?", "…, can't you…?"): "if we
 * use Redis, will it be faster?" is a hypothesis.
 */
const PREMISE =
  /^(since|given that|now that|as|si|ya que|como|puisque|comme|da)\s+((?:we|nous|wir)\s+\S+|tenemos|usamos|desplegamos|corremos|avons|utilisons)\b([^,?]{3,100}),\s*(.+\?)\s*$/iu;
const NEGATIVE_QUESTION = /^(?:no\b|n'|\w+n't\b|(?:can|could|do|does|should|would|is|are)\s+(?:you|we|it)\s+not\b)/i;
const PREMISE_VERB =
  /^(?:(?:we|nous|wir)\s+(?:have|host|use|run|deploy|keep|store|are on|'re on|avons|utilisons|haben|nutzen|verwenden)|tenemos|usamos|desplegamos|corremos|avons|utilisons)$/i;

/** The same premise said after the question: "Why do we keep the Vercel config now that we deploy with Wrangler?" */
export const TRAILING_PREMISE =
  /^(.+?)[,\s]{1,4}(since|given that|now that|ya que|puisque)\s+((?:we|nous|wir)\s+\S+|tenemos|usamos|desplegamos|corremos|avons|utilisons)\b([^,?]{3,100})\?\s*$/iu;

/** The fact a question takes for granted, as a statement ("We host the docs on Netlify"), or undefined. */
export function premiseOf(sentence: string): string | undefined {
  const trailing = TRAILING_PREMISE.exec(sentence);
  const match =
    PREMISE.exec(sentence) ?? (trailing === null ? null : [trailing[0], trailing[2], trailing[3], trailing[4], `${trailing[1]}?`]);
  if (match === null) return undefined;
  const [, connective = '', verb = '', rest = '', question = ''] = match;
  if (!PREMISE_VERB.test(verb.replace(/\s+/g, ' ')) || !new RegExp(NAMED, 'u').test(rest)) return undefined;
  if (/^(?:si|if)$/i.test(connective) && !NEGATIVE_QUESTION.test(question.trim())) return undefined;
  const fact = `${verb}${rest}`.trim();
  return TROUBLE.test(fact) ? undefined : capitalise(fact);
}

/**
 * "…to a new value", "…to a different one", with no NAME=value: the change is said, not what the
 * setting is now (decision 93, amended). "SOME_PATH=/v2 to a new path" says it.
 */
const VALUE_UNSAID =
  /^(?![^.?!]*\b[A-Z][A-Z0-9]*_[A-Z0-9_]+=\S)[^.?!]*\bto\s+(?:(?:a|an|another|some)\s+(?:new|different|other|fresh)\b|another one\b)/;

/** A fact about the environment said as a plain statement: the stack, where things live, a setting the person changed to a value they say. */
export function isEnvironmentFact(sentence: string): boolean {
  if (TROUBLE.test(sentence)) return false;
  return HOUSE_STACK.test(sentence) || PLACE_FACT.test(sentence) || (SETTING_CHANGED.test(sentence) && !VALUE_UNSAID.test(sentence));
}

/** "Respond in English", "Respóndeme en español": the language the person wants answers in. */
export const ANSWER_LANGUAGE =
  /,\s*(?:please\s+)?(?:talk|speak|respond|answer|reply|write)\s+(?:to\s+)?me\s+in\s+(?:english|spanish|german|french|portuguese|italian|dutch|japanese|chinese|korean)\b|^(?:please\s+)?(?:always\s+)?(?:respond|answer|reply|talk|speak|write)\s+(?:to me\s+|me\s+)?(?:only\s+)?in\s+(?:english|spanish|german|french|portuguese|italian|dutch|japanese|chinese|korean)\b|^(?:por favor\s+)?(?:respóndeme|respondeme|contéstame|háblame|responde|contesta)\s+(?:siempre\s+)?en\s+(?:español|inglés|castellano)\b|^(?:réponds|répondez|parle|parlez)(?:-moi)?\s+en\s+(?:français|anglais)\b|^(?:antworte|antwortet|sprich)\s+(?:mir\s+)?(?:immer\s+)?(?:auf|in)\s+(?:deutsch|englisch)\b/i;
