import { stemmer } from 'stemmer';

/** Environment words that name where a fact holds wherever they stand, each with the one name its spellings share. */
export const ENVIRONMENTS: ReadonlyMap<string, string> = new Map([
  ['staging', 'staging'],
  ['production', 'production'],
  ['prod', 'production'],
  ['preprod', 'preprod'],
  ['qa', 'qa'],
  ['uat', 'uat'],
  ['sandbox', 'sandbox'],
]);

/** Environment words too common to be one on their own ("run the tests"): one only as the modifier of a thing ("the test database"). */
export const MODIFIER_ENVIRONMENTS: ReadonlyMap<string, string> = new Map([
  ['dev', 'development'],
  ['development', 'development'],
  ['test', 'test'],
  ['testing', 'test'],
  ['local', 'local'],
]);

const stems = (words: string): ReadonlySet<string> => new Set(words.split(/\s+/).map((word) => stemmer(word)));

/** Things a fact is about that come in several named or numbered kinds: "the billing service", "worker 3", "host db1.internal". */
export const THINGS = stems(
  `service server host api app database db cluster bucket queue worker instance machine vm container pod repo repository
  environment env site domain region zone endpoint gateway stack box microservice shard replica tenant project`,
);

/**
 * Words that end a statement's subject: the verbs a fact is said with ("X runs on", "X is"), and
 * the modal and auxiliary verbs. Whatever follows is what is said of the subject: its value.
 */
export const PREDICATES = new Set(
  `is are was were be been am has have had does do did runs run ran listens listen lives live sits sit uses use used needs need
  requires require should must will would can could may might shall points point resolves resolve serves serve deploys deployed
  moved moves goes went stays stay belongs belong contains contain holds hold takes take gets got returns return expects expect
  supports support owns own handles handle connects connect talks talk sends send reads read writes write stores store keeps keep
  starts start builds build calls call depends depend exposes expose binds bind answers answer responds respond accepts accept`.split(
    /\s+/,
  ),
);

/** Words before a thing that do not say which one it is: its age or rank, or a verb said to it ("restart the services"). */
export const NOT_QUALIFIERS = stems(
  `new old current previous existing latest actual real whole entire same other main first last next default
  deploy restart start stop run build call check update upgrade install configure use add remove delete create kill ping
  query hit reach open close scale monitor migrate touch edit change fix mock stub debug review keep put move point`,
);

/** Words a number after gives the value of (a port, a version, a size), not the name of what the fact is about. */
export const VALUE_KEYS = new Set(
  `port ports version versions v node python java jdk ruby go php perl postgres postgresql mysql redis es ecmascript typescript ts
  react vue angular rails django ubuntu debian macos ios android windows gcc clang cuda kotlin swift scala rust deno bun npm pnpm
  yarn length limit size timeout width max min maximum minimum top level`.split(/\s+/),
);
