import type { AskPair } from './askAnswers.js';
import type { MemoryStatement } from './memoryStatement.js';
import { OUTLASTING_THING } from './projectThings.js';
import { asksAboutPurpose } from './purposeAnswers.js';

/**
 * A choice the person made among the options AskUserQuestion offered is kept when the question
 * asks how something is to be done or where it lives from now on — a method, a tool, a provider,
 * a location, a format (decision 102) — and named a thing to choose. A question about the work at
 * hand ("this fix", "right now", "should I proceed") or an answer that only agrees is not kept. The
 * memory says "Chose <option> when asked: <question>".
 */
const LASTING_ASPECT = new RegExp(
  [
    // English: "Which installation method…", "What package manager…", "Which directory should…"
    String.raw`\b(?:which|what)\b(?:\s+[\w'+.-]+){0,4}?\s+(?:method|approach|strategy|provider|service|platform|host|hosting|tool|tooling|library|framework|package manager|database|storage|directory|folder|location|path|format|style|convention|naming|scheme|authentication|auth|deployment|deploy target|runtime|language|license|licence|workflow|structure|layout|backend|registry|region|environment|engine|test runner|linter|formatter|branching model|release process)s?\b`,
    String.raw`\bwhere\s+(?:should|do you want|would you like)\b[^?]{0,60}\b(?:install|put|keep|store|host|deploy|live|go)\b`,
    // A question put as its subject alone, as a header is: "Homebrew distribution channel?", "Windows build?" (decision 110)
    String.raw`^(?!(?:fix|test|tests|testing|rollback|migration|debug|debugging|merge|conflict|retry|next|commit|review)\b)(?:[\w./+-]+\s+){1,3}(?:channel|build|builds|target|targets|platform|platforms|distribution|packaging|release|releases|license|licence|hosting|provider|registry|runtime|format|layout|naming|style|strategy|method|approach|location|directory|folder|support|default|behaviou?r)\s*\?\s*$`,
    // What the work is about, for a paper, a product or a study: "How should this paper be positioned?", "What's the
    // central claim?", "Who is the audience?" (decision 110, amended)
    String.raw`\bhow\s+should\s+(?:the|this|our)\s+(?:paper|product|study|thesis|book|talk|library|tool|project)\s+be\s+(?:positioned|framed|pitched|scoped)\b|\b(?:what(?:'s| is)|who(?:'s| is))\s+the\s+(?:central|main|core|headline|primary|target)\s+(?:claim|thesis|message|audience|goal|contribution|use case)\s+(?:of|for)\s+(?:the|this|our)\s+(?:paper|product|study|thesis|book|library|tool|project)\b`,
    // How the product is to behave: "How should the sync handle foreign refs?" (decision 110)
    String.raw`^how\s+should\s+(?!(?:i|we|you)\b)[^?]{1,80}?\s+(?:handle|treat|behave|respond to|deal with|name|store|format|order|sort|report|log)\b`,
    // Spanish and French, by their words
    String.raw`(?:^|[\s¿])(?:qu[ée]|cu[áa]l(?:es)?)(?=\s)(?:\s+\S+){0,4}?\s+(?:m[ée]todo|enfoque|gestor de paquetes|estrategia|proveedor|servicio|plataforma|hosting|herramienta|librer[íi]a|biblioteca|framework|base de datos|directorio|carpeta|ubicaci[óo]n|ruta|formato|estilo|convenci[óo]n|autenticaci[óo]n|despliegue)s?\b`,
    String.raw`\b(?:quel|quelle|quels|quelles)\b(?:\s+\S+){0,4}?\s+(?:m[ée]thode|approche|fournisseur|outil|biblioth[èe]que|r[ée]pertoire|dossier|format|h[ée]bergement|d[ée]ploiement|convention)s?\b`,
  ].join('|'),
  'i',
);

/** The work at hand: a question about this one change, about now, or about going on. */
const AT_HAND = new RegExp(
  String.raw`(?<![\p{L}])(?:this|these|este|esta|estos|estas|ce|cette|ces)\s+(?!${OUTLASTING_THING}(?![\p{L}]))\p{L}+|(?<![\p{L}])(?:right now|for now|now|first|next|proceed|continue|go ahead|ahora|maintenant)(?![\p{L}])`,
  'iu',
);

/**
 * An answer that agrees, refuses, defers or takes options as they come ("All four"): no thing chosen.
 * "Skip Windows" or "No telemetry" chooses what is left out, which is a choice (decision 110); "Skip for
 * now", "No, thanks" are none.
 */
const NO_THING =
  /^(?:yes|ok|okay|sure|cancel|none|both|all|neither|later|other|s[ií]|oui|d'accord|ninguno|ambos|todos)(?![\p{L}])|^(?:no|non?|skip)(?![\p{L}])(?!\s+(?!(?:for now|it|this|that|them|please|thanks|of|preference|idea|opinion|strong|changes?|not|the|rest|more|way|need|yet|for|one|thing|things|all)\b)\p{L})/iu;

/** The memory a choice makes, or undefined when it is not one to keep. */
export function choiceStatement(choice: AskPair, messageIndex: number): MemoryStatement | undefined {
  const question = choice.question.replace(/\s+/g, ' ').trim();
  const option = choice.answer.replace(/\s+/g, ' ').trim();
  if (question === '' || option === '' || NO_THING.test(option)) return undefined;
  // Whom the thing built is for, what for and where it runs hold past the work at hand, even of "these skills" (decision 129).
  if ((!LASTING_ASPECT.test(question) || AT_HAND.test(question)) && !asksAboutPurpose(question)) return undefined;
  return {
    type: 'project',
    cue: 'project-fact',
    // Led by a verb: the option may be a path or a name, which a capital letter would change.
    text: `Chose ${option} when asked: ${question}`,
    title: `${option}: ${question}`,
    quote: `Chose ${option} when asked: ${question}`,
    messageIndex,
  };
}
