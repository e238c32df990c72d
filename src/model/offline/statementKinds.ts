import { AGREEMENTS, oneOf } from './openerWords.js';
import { NO_CODE_FOR_AN_ASPECT, STYLE_ORDER } from './styleOrders.js';
import { isCodeLine } from './unfencedCode.js';

/**
 * The kinds of statement a person makes in a coding session, and the cue words that give each
 * away (decision 47). Written from the kinds, not from any corpus: each pattern names
 * a way people say a thing, in English and in the most common German, French and Spanish words.
 *
 * Kept:
 * - user: who the person is — role ("I'm the on-call SRE"), expertise or its lack ("I've never
 *   used Go", "I know Postgres well"), constraints of their setup ("I can't install Docker on
 *   this laptop", "I don't have admin rights").
 * - feedback: how to work — rules (always/never/don't), corrections of the assistant, preferences
 *   in natural words ("I'd rather", "stick with", "use X instead of Y", "we name branches…"),
 *   confirmed approaches ("yes, that's the way, keep doing it").
 * - project: facts about the work — moves ("we no longer host on Vercel"), decisions ("we decided
 *   to…"), deadlines and freezes, ownership ("Dana owns billing"), incidents, constraints from
 *   outside (legal, the customer).
 * - reference: where things are — dashboards, boards, channels, docs, runbooks, URLs ("the runbook
 *   is in Confluence under Ops", "alerts go to #payments-alerts").
 *
 * Not kept: task requests ("add a test for X"), questions, bug-fix narratives, what the code or
 * git already says, transient state ("I'm in a meeting", "the build is running"), and anything
 * that looks like a secret (src/model/offline/secretLike.ts).
 */

/**
 * An explicit "keep this" at the start, after an acknowledgement and a "but" or "and" if any: "ok, but remember that
 * some of our feeds are hourly" keeps what follows the cue as "remember that…" alone does.
 */
export const REMEMBER = new RegExp(
  String.raw`^(?:${oneOf(AGREEMENTS, ['ok(?:ay)?', 'fine', 'sure', 'right', 'got it', 'i see', 'understood', 'good'])}[,.!]?\s+)?(?:(?:but|and|also)\s+)?(?:please\s+)?(?:do\s+)?(?:remember|note|keep in mind|for the record|fyi|merk dir|denk daran|beachte|n'oublie pas|retiens|note bien|recuerda|ten en cuenta)\s*(?:that|dass|que|:|,)?\s+(.+)$`,
  'i',
);

/** A correction of what the assistant just said or did, as the first words of a reply. */
export const CORRECTION =
  /^(?:no(?!\s+(?:problem|worries|need|point|sense|reason|longer|more|one|rush|idea|thanks|way|errors?|changes?|issues?|problems|luck|difference|output|response|results?|clue|matches|warnings?|failures?|funciona|anda|sirve|carga|marche|fonctionne|me|te|se|lo|la|los|las|le|les|uses|hagas|pongas|escribas|añadas|toques|pas|plus)\b)|nope|wrong|actually|not quite|that's not|that is not|that's wrong|instead(?!\s+of\b)|nein|doch nicht|non(?!-)|pas comme ça|en fait|falsch)\b[\s,.!:;\u2013\u2014-]*/i;

/** The person talking about themselves: role, expertise, constraints. */
export const ABOUT_ME = new RegExp(
  [
    // English
    String.raw`^(?:I'm|I am)\s+(?:(?:a|an|the)\s+(?!(?:bit|little|lot|sec|second|minute|moment|few)\b)\w+|(?:new|not new|fairly new|quite new|familiar|not familiar|comfortable|not comfortable|an expert|responsible|in charge|based|located|colou?r ?blind|on (?:the|a|an)\s+\w+ team|on (?:windows|macos|linux|a mac|mac|ubuntu|wsl))\b)`,
    String.raw`^I(?:'ve| have)\s+(?:never|not)\s+(?:used|worked|written|touched|done|tried)\b`,
    String.raw`^I(?:'ve| have)\s+(?:been\s+(?:writing|using|working|doing|coding|programming)\b|(?:no|little|some|years of|a lot of|lots of)\s+(?:\w+\s+)?experience\b)`,
    String.raw`^I\s+(?:don't|do not|didn't)\s+(?:know|have|really know)\s+(?:much|any|anything|admin|root|sudo|access|permission|rights|experience)\b`,
    String.raw`^I\s+(?:can't|cannot|can not|am not allowed to|'m not allowed to)\s+(?:install|run|use|access|reach|get|push|deploy|ssh)\b`,
    String.raw`^I\s+(?:know|understand)\s+\S+(?:\s+\S+)?\s+(?:well|inside out|very well)\b`,
    String.raw`^I\s+(?:work|worked|mostly work)\s+(?:on|as|at|in|from|with|mostly|off|for)\b|^I\s+(?:pair|sit|share an office) with\b|^I(?:'ve| have) been (?:(?:a|an|the)\s+)?(?:[\w-]+\s+){0,2}(?:lead|manager|engineer|developer|owner|maintainer|admin|designer|architect)\b`,
    String.raw`^I\s+(?:lead|manage|maintain|run|own)\s+the\s+\w+`,
    String.raw`^I\s+(?:come|came)\s+from\s+(?:a|an)\b`,
    String.raw`^I\s+(?:only\s+)?(?:have|use)\s+(?:a|an)\s+(?:windows|mac|linux|chromebook|old|\d+\s*gb)`,
    String.raw`^as (?:a|an|the)\s+\w+|^my\s+(?:[\w-]+\s+)?(?:role|job|team|background|title|machine|laptop|computer|setup|time ?zone|hours|schedule|workday|day|week|eyes|eyesight|manager|boss|lead|area|experience|language|keyboard|screen|monitor|internet|connection|vpn|access|permissions|company|employer|contract|specialty|expertise|degree|training)\b`,
    String.raw`^I\s+(?:only\s+|don't\s+|do not\s+)?(?:have|get|got)\s+(?:\w+\s+){0,2}(?:access|permissions?|rights)\b`,
    String.raw`\b(?:is|are)\s+(?:(?:pretty|quite|very|completely|totally|a bit|somewhat|fairly|all|still)\s+)?(?:new|unfamiliar|foreign|all new|new territory)(?:\s+to\s+me)?\b(?=\s+to\s+me|\s*(?:[.,;]|$))|\b(?:I'm|I am)\s+(?:\w+\s+)?comfortable with\b|\b\w+\s+I'm comfortable with\b|\bnot my (?:area|strong suit|field|thing|forte)\b`,
    String.raw`\b(?:for a living|in my (?:previous|last|old|former|first|day) (?:job|role|company|team|life)|before (?:this|my current) (?:job|role|team)|I used to (?:work|be|do|write|build|run)|my background is|I care (?:a lot |more |most |deeply )?about)\b`,
    String.raw`^I(?:'m| am)\s+(?:in|based in|located in|from)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:office|time ?zone|team|squad|group|department|org)\b|\b(?:my (?:first|native|second|mother) (?:language|tongue)|native speaker|isn't my first language|is not my first language|self-taught)\b`,
    String.raw`^I(?:'m| am)\s+(?:not|more of|mostly|primarily|mainly|really)\s+(?:a|an)\s+\w+|^I(?:'m| am)\s+(?:still\s+)?(?:learning|getting into|getting used to)\b|^I\s+(?:mostly|mainly|primarily|usually|normally)\s+(?:work|write|do|code|use|build|review|test)\b|^I\s+(?:review|approve|sign off on|handle|do)\s+(?:all|every|the|our)\s+\w+`,
    // setup and access: "I'm on a locked-down laptop", "no admin rights", "hasn't given me a VPN login"
    String.raw`^I(?:'m| am)\s+on\s+(?:a|an|my)\s+(?:[\w-]+\s+){0,3}(?:laptop|machine|computer|mac|pc|chromebook|network|vpn|plan|contract|connection|phone|tablet)\b|\bno (?:admin|root|sudo) (?:rights|access)\b|\b(?:hasn't|has not|haven't|have not) (?:given|granted) me\b|\bout of reach for me\b|\b(?:like me|people like me|como yo|comme moi|wie ich|wie mich)\b`,
    // how the person works: part-time, hours, days off, where they are
    String.raw`\b(?:part[- ]time|full[- ]time|teilzeit|vollzeit|à temps partiel|a tiempo parcial|media jornada)\b|\bI (?:start|finish|stop|log off|sign off|begin)\s+(?:work\s+)?(?:at|around|early|late|by)\b|\b(?:nicht im büro|not in the office|off on (?:mondays|tuesdays|wednesdays|thursdays|fridays|weekends))\b|\b(?:a|my) (?:weekend|side|hobby|evening|night) (?:thing|project)\b|^(?:je suis (?:à|au|en|basée?)|je commence|ich (?:wohne|sitze|lebe) in|estoy en|vivo en|trabajo desde)(?![\w\u00C0-\u024F])`,
    // background: a role by training, the team one came from
    String.raw`\bby (?:training|trade|profession|background|education)\b|\bI (?:come|came|moved|switched|transferred)(?: over)? from (?:a|an|the)\b|\bfor (?:most|all|much) of my (?:career|working life|life)\b|^(?:been|spent)\s+(?:doing|writing|working|coding|building)\b`,
    // the body: conditions that change how to write for the person
    String.raw`\b(?:dyslexi[ac]|dyspraxi[ac]|colou?r ?blind|deaf|hard of hearing|visually impaired|low vision|screen reader|adhd|autis(?:m|tic)|rsi|carpal tunnel|tendinitis|tendonitis)\b|\b(?:is|are|gets?) dictated\b|\bI (?:use|rely on|type with|work with) (?:dictation|voice control|voice typing|a screen reader|a magnifier)\b`,
    // what the person makes for an audience, as a habit (decision 104): "I make YouTube videos about…", "I write a weekly newsletter"
    String.raw`^I\s+(?:make|record|write|publish|host|run|produce|create|post)\s+(?:(?:a|an|my)\s+)?(?:(?:weekly|monthly|daily|regular|short|long|youtube|tiktok|linkedin|tech|technical)\s+){0,2}(?:videos|newsletters?|podcasts?|blog posts|tutorials|courses|streams|articles|talks|youtube channel)\b(?![^.]*\b(?:now|today|this)\b)`,
    // Spanish and French constraints
    String.raw`^(?:solo|sólo) tengo\b|\bno tengo (?:acceso|cuenta|permisos)\b|\bje n'ai (?:pas|aucun) (?:accès|droit|compte)\b|\bich habe kein(?:en)? (?:zugang|zugriff|admin)`,
    // A fact of the person's own, with what follows from it: "I use a screen reader, so…", "I live in Tokyo, so…"
    String.raw`^I(?:\s+(?:use|have|work|live|am|know|only|mostly|usually|rarely|can't|cannot|don't|need)|(?:'m|\s+am)\s+using\s+(?:a|an|my)\b)[^,;.]{3,80},\s*so\b`,
    // German, French, Spanish
    String.raw`^ich\s+(?:bin\s+(?:der|die|ein|eine|neu)|arbeite\s+(?:als|an|bei|im)|habe\s+(?:noch\s+)?(?:nie|kein)|kann\s+\S+(?:\s+\S+){0,4}\s+nicht|kenne\s+mich)\b`,
    String.raw`^(?:je\s+suis\s+(?:le|la|l'|un|une|nouveau|nouvelle|responsable)|je\s+travaille\s+(?:comme|sur|chez|dans)|je\s+n'ai\s+jamais|je\s+ne\s+peux\s+pas|je\s+ne\s+connais\s+pas|je\s+connais\s+bien)`,
    String.raw`^(?:soy\s+(?:el|la|un|una|nuevo|nueva|responsable)|trabajo\s+(?:como|en)|nunca\s+he|no\s+puedo\s+(?:instalar|usar|acceder)|no\s+tengo\s+(?:acceso|permisos|experiencia)|conozco\s+bien)`,
  ].join('|'),
  'i',
);

/** Roles people name themselves by, in the four languages (a profession needs no article in German, French or Spanish). */
const ROLE = String.raw`(?:lawyer|nurse|doctor|teacher|accountant|physicist|biologist|chemist|journalist|economist|mathematician|statistician|student|phd student|postdoc|professor|engineer|developer|dev|programmer|manager|designer|scientist|analyst|architect|administrator|admin|sre|devops|student|intern|lead|cto|ceo|founder|consultant|contractor|freelancer|researcher|tester|qa|pm|owner|maintainer|entwickler(?:in)?|ingenieur(?:in)?|designer(?:in)?|werkstudent(?:in)?|praktikant(?:in)?|développeu(?:r|se)|ingénieur(?:e)?|chef de projet|cheffe de projet|stagiaire|étudiant(?:e)?|desarrollador(?:a)?|ingenier(?:o|a)|diseñador(?:a)?|jef(?:e|a) de proyecto|estudiante|becari(?:o|a))`;
/** "I'm a senior data engineer", "Ich bin Product Manager", "je suis développeuse", "soy ingeniera". */
export const ROLE_OF_ME = new RegExp(
  [
    String.raw`^(?:I'm|I am|ich bin|je suis|soy)\s+(?:(?:a|an|the|ein|eine|der|die|un|une|le|la|el)\s+)?(?:[\w-]+\s+){0,3}${ROLE}(?![\w\u00C0-\u024F])`,
    // A fragment that is a self-description: "Quick context: second-year CS student, …"
    String.raw`^(?:(?:quick\s+)?(?:context|background|about me)\s*:\s*)?(?:(?:a|an)\s+)?(?:[\w-]+\s+){0,2}${ROLE}s?\s*(?:,|by\b|who\b|here\b|and\b|in\b|at\b|for\b|from\b|working\b|doing\b)`,
  ].join('|'),
  'i',
);

/** A time phrase a statement can start with, which hides how it starts: "As of this month I'm the release manager". */
export const LEADING_TIME =
  /^(?:most (?:mornings|afternoons|evenings|days|weeks|nights)|usually|normally|on weekdays|as of (?:this|next|last|today|now|\w+)(?:\s+\w+)?|since (?:the\s+)?[\w-]+(?:\s+[\w-]+)?|starting (?:this|next|today|now|\w+)(?:\s+\w+)?|these days|nowadays|lately|recently|from (?:now|today|next \w+|this \w+) on|for the (?:last|past) \w+ \w+|seit (?:\w+\s+){1,2}|depuis (?:\w+\s+){1,2}|desde (?:\w+\s+){1,2})\s*,?\s+/i;

/** A rule: always, never, don't, from now on. */
export const RULE =
  /\b(?:(?:are|is|were|was)\s+(?:\w+\s+)?(?:banned|forbidden|prohibited|not allowed|disallowed)|(?:aren't|isn't)\s+allowed|a no-go|off the table|verboten|interdits?|prohibid[oa]s?|even (?:if|when)|auch wenn|même si|aunque|(?:don't|do not|doesn't|does not|never) belong|always|never|from now on|going forward|early and often|(?:before|after) (?:each|every|any)\s+\w+|(?:before|after) (?:making|changing|editing|committing|pushing|merging|deploying|touching|deleting|running|opening|starting)\b|you keep\s+\w+ing|in future|in the future|next time|whenever|every time|each time|by default|immer|nie|niemals|ab jetzt|künftig|toujours|jamais|désormais|à l'avenir|siempre|nunca|a partir de ahora|de ahora en adelante)\b/i;
export const DONT =
  /^(?:deja de|dejad de|para de|arrête de|arrêtez de|hör auf|hört auf|lass das)\b|\boff[- ]limits\b|\bhands off\b|^(?:please\s+)?leave\s+(?:\S+\s+){1,4}alone\b|\b(?:ask|check with|ping|tell) me (?:first\b(?!\s+(?:\d|few|couple|some|top|two|three|four|five|ten)\b)|before\b)|^(?:please\s+)?only\s+(?:use|touch|change|edit|run|commit|deploy|push|call|import)\b|^(?:please\s+)?(?:don't|do not|dont|stop|avoid|quit|no more|bitte\s+(?:nicht|kein)|keine?\s|ne\s+(?:\S+\s+){1,2}(?:pas|jamais|plus)|n'\S+\s+(?:pas|jamais|plus)|no\s+(?:me\s+|te\s+|le\s+|les\s+|nos\s+|lo\s+|la\s+)?(?:uses|hagas|pongas|escribas|añadas|toques|metas|cambies|borres|subas|mezcles))/i;

/**
 * A standing instruction tied to a situation: "when you touch the schema, regenerate the types",
 * "before you push, run the formatter". Not a request for now ("if you can, fix it").
 */
export const CONDITIONAL_RULE =
  /^(?:quand|lorsque|si|chaque fois que|wenn|immer wenn|sobald|cuando|cada vez que)\s+(?:tu|vous|on|du|ihr|man|wir|nous|usted|se)\b[^,]{3,80},|^(?:when|if) (?:in doubt|unsure|unclear|stuck|in a hurry),|^(?:when(?:ever)?|if|before|after|once|each time|every time|any ?time)\s+(?!you (?:can|could|have time|want|like|don't mind|get a chance|are done|finish)\b)(?:you|we|a|an|the|there|something|anything|someone|somebody)\b(?:[^,(]|\([^()]*\)){3,80},\s*(?:please\s+|always\s+|just\s+|also\s+|then\s+)?(?!(?:I|it|that|this|the|a|an|we|they|there|he|she|you)\b)[a-z]+\b/i;

/**
 * A lasting rule said as a request or a complaint (decision 69): "let's stop using relative
 * imports", "we are using TypeScript only", "I hate .sh tests", "make sure you run the linter
 * after you are done".
 */
export const REQUEST_RULE =
  /^(?:let's|lets|let us)\s+(?:also\s+)?(?:stop|quit|avoid|never|not)\b|\bwe(?:'re| are)\s+(?:using|writing|on)\s+[\w.+#-]+(?:\s+[\w.+#-]+)?\s+only\b|\bwe only (?:use|write|support|target|ship)\b|\bwe\s+(?:use|write|target|support|ship)\s+[\w.+#-]+(?:\s+[\w.+#-]+)?\s+only\b|\bi\s+(?:really\s+)?(?:hate|dislike|can't stand)\s+(?:how|when|it when|the way|all|these|those)?\s*[.\w]|\bmake sure\b[^.]*\b(?:after|before|whenever|once|every time|each time)\s+(?:you|we)\b/i;

/**
 * Up to two adverbs of stance between the person and their verb ("I actually prefer", "we really still prefer"): they
 * weigh the preference, they do not change it (decision 148).
 */
const STANCE_ADVERB = String.raw`(?:(?:really|actually|still|honestly|definitely|much|strongly|personally|also|truly|do|very much)\s+){0,2}`;

/** A preference or a way of working, in natural words. */
export const PREFERENCE = new RegExp(
  [
    String.raw`\b(?:I|we)(?:'d|\s+would)\s+(?:like|love|prefer)\s+(?:all|every|each|our)\s+[\w-]+`,
    String.raw`\b(?:I|we)(?:'d rather|\s+${STANCE_ADVERB}(?:prefer|would rather|like it when|like to|want you to|expect you to|hate it when|dislike|can't stand|don't like|do not like|don't want|do not want|want (?:all|every|the|each)))\b`,
    String.raw`\bwe\s+(?:always\s+)?(?:name|call|prefix|tag|label|squash|rebase|format|review|write|keep|put|sign|version)\s+(?:our\s+|the\s+|all\s+|every\s+)?\w+`,
    String.raw`\bI\s+${STANCE_ADVERB}(?:like|love|hate|dislike)\s+(?!it\b|that\b|this\b|the idea\b|to\b|how\b|the way\b)\w+|^(?:please\s+)?prefer\s+\w+|^(?:please\s+)?use\s+${NO_CODE_FOR_AN_ASPECT}\S+(?:\s+\S+)?\s+for\s+(?:all|any|every|everything|anything|new)\b|^(?:please\s+)?use\s+${NO_CODE_FOR_AN_ASPECT}(?!(?:the|this|that|it|them|my|your)\b)\S+(?:\s+\S+)?\s+for\s+(?!(?:the|this|that|these|those|it|them|my|your|now)\b)(?:[\w-]+\s+)?[\w-]*[^\Ws]s\s*[.!]?$`,
    // A style order over an aspect of code or a language: "use tabs for indentation" (decision 126).
    STYLE_ORDER,
    String.raw`\b(?:works?|worked) (?:better|best) for (?:me|us)\b|\b(?:like|love|hate|dislike|prefer|want)\s+(?:it\s+)?when\b|^(?:it's|it is)\s+(?:better|best|safer|cleaner|preferable|nicer)\s+to\b|^(?:please\s+)?(?:use|prefer|avoid)\s+(?!(?:the|this|that|these|those|it|them|my|your|a|an|one|some)\b)[\w@.-]+(?:\s+[\w.-]+)?\s*[.!]?$`,
    String.raw`\b(?:please|bitte|por favor|s'il (?:te|vous) pla[iî]t)\b[^.]*\b(?:in|im|dans|en|auf)\s+(?:the\s+|le\s+|el\s+)?(?:code|codebase|repo|commits?|commit messages|prs?|pull requests|docs|comments|reviews|tests|englisch|english|anglais|inglés)\b|\b(?:aquí|ici|hier)\s+(?:el código se|on|wir|se)\s+\w+`,
    String.raw`\bwe\s+(?:don't|do not|never|only|usually)\s+(?:use|do|write|add|merge|ship|deploy|commit|push|mock|test|allow|accept|put|call|name)\b`,
    String.raw`\b(?:stick (?:to|with)|keep (?:using|doing|the)|keep (?:it|them|that|this)\b(?!\s*(?:[.,;!?]|$))|make sure (?:to|you|that|the)|be sure to)\b|\bgo with\s+(?!(?:it|that|this|these|those|them|the|your|my|our|a|an|one|both|either|what)\b)`,
    String.raw`\b(?:instead of|rather than|in place of)\b|,\s*(?:not|never)\s+\S+`,
    String.raw`\b(?:our|the)\s+(?:convention|style|rule|policy|habit)\s+(?:here\s+)?is\b`,
    String.raw`\b(?:in this|for this)\s+(?:repo|project|codebase|team|code base)\b`,
    String.raw`(?<![A-Za-z0-9_\u00C0-\u024F])(?:ich\s+(?:bevorzuge|möchte\s+(?:lieber|nicht|keine?)|mag\s+(?:es\s+)?(?:nicht|lieber))|lieber\s+\S+(?:\s+\S+)?\s+als|statt|anstatt|je\s+préfère|j'aime\s+mieux|plutôt\s+que|au\s+lieu\s+de|prefiero|en\s+lugar\s+de|en\s+vez\s+de)(?![A-Za-z0-9_\u00C0-\u024F])`,
  ].join('|'),
  'i',
);
/** What the person thinks of how the assistant writes: "your summaries are too long", "shorter answers, please". */
export const STYLE_FEEDBACK =
  /\b(?:your|the)\s+(?:answers|replies|responses|summaries|explanations|messages|commit messages|comments|pr descriptions)\s+(?:are|were|get)\s+(?:\w+\s+)?too\s+\w+|\b(?:shorter|briefer|more concise|less verbose|more detailed)\s+(?:answers|replies|responses|summaries|explanations|messages|commit messages|comments)\b/i;

/** A sentence about a kind of thing, not a pronoun or the one thing at hand: "Logging goes through…". */
export const GENERIC_SUBJECT =
  /^(?!(?:it|this|that|these|those|there|the|a|an|my|your|his|her|its|their|which|what|whatever|who|how|why|when|where|if|so|and|but|or|just|maybe|you|i|he|she|they|we)\b)[\w-]+\s/i;

/** An imperative that states how to work; with a PREFERENCE or RULE cue it is feedback, alone it is a task. */
export const IMPERATIVE =
  /^(?:please\s+)?(?:use|prefer|keep|put|name|call|write|send|run|stick|make sure|ensure|be sure|leave|wrap|format|indent|commit|squash|rebase|merge|branch|log|test|verify|mock|target|pin|import|export|prefix|sort|verwende|benutze|nutze|schreib|utilise|écris|mets|garde|usa|utiliza|escribe|pon|mantén)\b/i;

/**
 * A convention said as how things are done here, not as an order: "commit messages go in the
 * imperative", "migrations must be reversible", "every endpoint needs a contract test". Its subject
 * is a kind of thing, never a pronoun or the one thing at hand.
 */
export const NORM =
  /^(?:all|every|each|any)\s+(?:[\w-]+\s+){0,3}(?:needs?|gets?|requires?)\s+(?:a|an|its own|their own|at least)\s|^(?!(?:it|this|that|these|those|there|which|what|whatever|who|how|why|when|where|if|so|and|but|or|just|maybe|you|i|we|he|she|they|the|a|an|my|your|his|her|its|their)\b)(?:(?:all|every|each|any|our|new|no)\s+)?(?:[\w-]+\s+){0,3}(?:should(?:\s+always|\s+never)?|must(?:\s+always|\s+never)?|need to|needs to|have to|has to|ought to|belongs? in|(?:go|goes|look like|follow)\s+(?:the\s+)?(?:pattern\s+|format\s+)?\S*[/_.{<-]\S*|are (?:named|called|written|formatted|prefixed|suffixed|spelled|kept)|go(?:es)? (?:in|into|under|next to|beside|alongside|like)|live(?:s)? (?:next to|beside|alongside)|are to be|is to be|are always|is always|are never|is never|always get|never get)\s/i;

/** The person confirms an approach the assistant took. */
export const CONFIRMATION =
  /^(?:good|nice|great|right) (?:call|catch|choice|instinct)\b|^you were right (?:to|that|about)\b|^(?:that|this) (?:was|is) (?:the right|a good) (?:call|move|choice)\b|^well done\b|^(?:yes|yep|yeah|exactly|perfect|great|good|right|genau|ja|oui|parfait|exactement|sí|si|perfecto|exacto)\b[\s,.!:;-]*(?:that's|that is|this is|das ist|c'est|eso es|es)?\s*(?:exactly\s+)?(?:the (?:right )?(?:way|approach|call|pattern|style)|what I (?:want|wanted|meant)|right|der richtige weg|la bonne (?:approche|façon)|la forma correcta)|\bkeep doing (?:it|that|this)\b|\byes,? exactly\b|\bexactly (?:that|what was needed|what I (?:wanted|needed|asked for))\b|\b(?:worked|works) (?:really |very |so )?well\b|\b(?:was|is) (?:right|correct|exactly what was needed|exactly right)\s*[.!]?$|\b(?:was|is) (?:smart|a good idea|the way to go|wise|the right move)\b|\b(?:that's|that is|this is) exactly how\b|\bspot on\b|\bnailed it\b|\b(?:this|that) is (?:perfect|exactly right)\b|\bI (?:like|love|liked|loved) (?:how|the way) you\b|\b(?:this|that) (?:approach|pattern|style|way) (?:is|was) (?:right|good|perfect|the one)\b|\b(?:was|is) the right call\b|\bmach (?:das|es) weiter so\b|\bcontinue comme ça\b|\bsigue así\b/i;

/** A move: what the project no longer uses, or uses now instead. */
const MOVES = String.raw`\b(?:no longer|not anymore|any ?more|moved (?:to|from|off|over)|migrated|migrating|switched (?:to|from|over)|switching to|replaced|are moving|have moved|we've moved|deprecated|sunset|retired|is now (?:on|in|at|hosted|handled|owned|run|done|served|deployed)|are now (?:on|in|at|hosted|handled|owned|run|done|served|deployed)|now (?:lives|runs|hosted|deployed))\b`;
/** A move, in the four languages: said with where things are now, it is a project fact before it is a reference. */
export const MOVE = new RegExp(
  `${MOVES}|(?<![\\w\\u00C0-\\u024F])(?:ya no|nicht mehr|ne \\S+ plus|n'\\S+ plus)(?![\\w\\u00C0-\\u024F])`,
  'i',
);

/** Facts about the project: moves, decisions, deadlines, ownership, incidents, outside constraints. */
export const PROJECT_FACT = new RegExp(
  [
    MOVES,
    // decisions
    String.raw`\b(?:we|I|the team|team|they|management|product)\s+(?:have\s+|has\s+|'ve\s+)?(?:decided|agreed|chose|chosen|settled on|went with|picked|voted|are going with|are sticking with|are staying with|will use|will move|committed to)\b|\bthe decision (?:is|was)\b`,
    // deadlines; "launch" only as a noun: "so I can launch both" dates nothing (decision 132)
    String.raw`\b(?:deadline|due (?:on|by|date)|code freeze|release freeze|freeze|(?:the|our|a|public|soft|beta|product)\s+launch(?:es)?(?=\s+(?:is|was|will|date|day|on|in|next|planned|scheduled|moved|slipped|has)\b|\s*[.,;!]?$)|launch(?:es)?\s+(?:is|was|date|day|on|in|next)|go-live|go live|cutover|ships? (?:on|by|in|next)|release (?:is|on|by|date|goes)|demo (?:is|on)|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|end of|the end of|eod|eow|q[1-4])|until (?:monday|tuesday|wednesday|thursday|friday|january|february|march|april|may|june|july|august|september|october|november|december)|(?:next|this) (?:sprint|quarter|milestone)|q[1-4] 20\d\d|\d{4}-\d{2}-\d{2})\b`,
    // ownership
    String.raw`\bthe (?:owner|maintainer|lead|point of contact) (?:of|for) \w+ is\b`,
    String.raw`\bbelongs? to (?:the\s+)?(?:[\w-]+\s+){0,2}(?:team|group|squad|org|department|folks|people)\b|\b(?:team|group|squad)\s+(?:owns|maintains|runs|is responsible for)\b|\bis (?:now )?(?:owned|run|maintained|managed) by (?:the\s+)?[\w-]+`,
    // incidents
    String.raw`\b(?:outage|incident|postmortem|post-mortem|went down|was down|sev ?[0-4]|data loss|rolled back|rollback|paged|breach)\b`,
    // outside constraints
    String.raw`\b(?:legal|compliance|security|the client|the customer|customers|the stakeholders?|the auditors?|management|gdpr|hipaa|sox|pci)\s+(?:requires?|wants?|asked|needs?|says|insists?|forbids?|mandates?|won't allow|does not allow|doesn't allow)\b|\bwe (?:can't|cannot|are not allowed to|aren't allowed to|must not|mustn't|have to|must)\s+(?:use|ship|deploy|depend|store|send|keep|support|log|release|touch|change)\b`,
    // where it runs, in declarative words
    String.raw`\b(?:is|are)\s+(?:hosted|deployed|served|running)\s+(?:on|in|at|from)\b|\b(?:staging|production|prod)\s+(?:is|runs|lives)\s+(?:on|in|at)\b|\bthe (?:key|token|account|credentials?|environment|bucket|database|cluster) \w* ?(?:is|are) (?:for|only for|meant for)\b`,
    // moves said with what moved in between, and where a thing runs now
    String.raw`\b(?:moved|migrated|switched|ported|transferred|shifted)\s+(?:[\w-]+\s+){1,3}(?:to|from|off|onto|over to|away from|out of)\b|\b(?:runs?|lives?|is|are|sits?|happens?)\s+(?:on|in|at|through)\s+(?!(?:\S+\s+)?time\b)[^.,;]{2,40}?\s+now\b`,
    // things switched off, dropped, dates moved
    String.raw`\b(?:switch(?:ed|es)? off|shut(?:s|ting)? down|decommission\w*|end[- ]of[- ]life|eol|phas(?:ed|ing) out|being removed|going away|drop(?:ping|ped)? support|abandon(?:ed|ing)?|(?:was|got|has been|is being)\s+(?:moved|pushed|postponed|delayed|rescheduled|brought forward)|postponed|delayed until|slipped to)\b`,
    // dates: a day of a month, the end of a period, a quarter
    String.raw`\b(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december)\b|\b(?:at|by|before|until|after|from|around)\s+(?:the\s+)?(?:end|start|beginning|middle)\s+of\s+(?:the\s+|this\s+|next\s+)?(?:month|quarter|year|sprint|week|release|cycle|summer|winter|spring|autumn|fall|fy\d*|q[1-4]|january|february|march|april|may|june|july|august|september|october|november|december)\b|\bq[1-4]\b|\bfreez(?:es|ing)\b|\bfrozen\b`,
    // goals and what must keep working
    String.raw`\b(?:the|our|this (?:quarter's|sprint's|year's))\s+(?:main\s+|top\s+|only\s+)?(?:goal|priority|focus|objective|north star|okr)\s+(?:for\s+\S+\s+|this\s+\S+\s+|of\s+\S+\s+)?(?:is|are|was)\b|\bwe (?:still\s+)?(?:support|need to support|have to support|target)\b`,
    String.raw`\b(?:demo|meeting|review|audit|launch|release|presentation|deadline|cutover)\s+(?:is\s+|with\s+\S+\s+)?(?:on|this|next)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week)\b`,
    String.raw`\b(?:is|are) used by (?:our|the|about|around|\d)|\bour (?:biggest|main|largest|only|first|key) (?:customer|client|user|partner)s?\b|\b(?:the|our) (?:client|customer) (?:is|are)\b`,
    String.raw`\b(?:needs?|requires?|need)\s+(?:a\s+|an\s+)?(?:\w+\s+)?(?:sign-?off|approval)\b|^we(?:'re| are)\s+(?:on|stuck on|pinned to|locked to|limited to)\s+\S+|\bno (?:deploys|deployments|releases|merges)\b|\bis (?:the|our) (?:top |main |first |only |biggest )?(?:priority|goal|focus)\b`,
    String.raw`\b(?:next|this) (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(?:in|by|until|before|after|since|through)\s+(?:early\s+|mid-?\s*|late\s+)?(?:january|february|march|april|june|july|august|september|october|november|december)\b`,
    String.raw`\b(?:'re|are|is)\s+moving\s+(?:[\w-]+\s+){0,3}(?:off|to|from|onto|away from|over to)\b|\bmoving (?:off|away from)\b|\b(?:insurer|insurance|auditors?|regulators?|the bank|partners?|vendors?|the contract|our contract|sla|finance|procurement|leadership|the board|investors?|company policy)\s+(?:requires?|mandates?|insists? on|forbids?|wants?|needs?)\b`,
    String.raw`\bevery (?:other |second |third )?(?:monday|tuesday|wednesday|thursday|friday|week|sprint|month|quarter|release)\b|\bthe reason\b|\b(?:pinned|locked) (?:at|to)\b|\bgo(?:es)? away\b|\bwill be (?:removed|dropped|retired|deleted)\b|\b(?:in|with|for|from) the next (?:major|minor|release|version)\b|\bthe only (?:person|one|people|team) (?:who|that) (?:can|may|is allowed to)\b|^(?:per|according to|as per)\s+(?:the\s+)?\w+`,
    String.raw`(?<![\w\u00C0-\u024F])(?:disparaît|disparaîtra|enterre|enterrons|supprimé|retiré|plus rien|ne sera plus|migr[ée]|aura migré|migrar|migrado|migriert|wird abgeschaltet|fällt weg|desaparece|se elimina)(?![\w\u00C0-\u024F])`,
    // where a service listens, when a job runs, what a product supports (decision 69: the facts corrections correct)
    String.raw`\b(?:listens|runs|is served|is exposed|is reachable|answers) on port \d{2,5}\b|\bruns (?:every|each) (?:night|day|morning|evening|hour|\d+ (?:minutes|hours))\b|\bsupports? (?:\w+ ){1,2}\d+(?:\.\d+)* (?:and up|or later|or newer|and above|and later)\b`,
    // money and limits from outside
    String.raw`\b(?:budget|too expensive|costs? (?:too much|us)|licen[cs]e (?:costs?|fees?)|quota|rate limit(?:ed)? (?:by|at|to))\b`,
    // German, French, Spanish
    String.raw`(?<![A-Za-z0-9_\u00C0-\u024F])(?:abgeschaltet|eingestellt|verschoben|wir verzichten|die kunden wollen|der kunde will|\d{1,2}\.\s*(?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember)|on abandonne|nous abandonnons|abandonne|abandonnons|on arrête|les clients veulent|le client veut|reporté|repoussé|\d{1,2}(?:er)?\s+(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)|abandonamos|dejamos de|los clientes quieren|el cliente quiere|se movió|se pospuso|se retrasó|se adelantó|lanzamiento|lancement|\d{1,2}\s+de\s+(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre))(?![A-Za-z0-9_\u00C0-\u024F])`,
    String.raw`(?<![A-Za-z0-9_\u00C0-\u024F])(?:nicht mehr|umgezogen|migriert|gewechselt|haben (?:uns )?entschieden|entschieden|frist|abgabe|bis (?:montag|dienstag|mittwoch|donnerstag|freitag|ende)|ist zuständig|ist verantwortlich|gehört zu|ausfall|vorfall)(?![A-Za-z0-9_\u00C0-\u024F])`,
    String.raw`(?<![A-Za-z0-9_\u00C0-\u024F])(?:ne \S+ plus|n'\S+ plus|avons migré|a migré|on a migré|avons décidé|on a décidé|a décidé|date limite|échéance|d'ici (?:lundi|mardi|mercredi|jeudi|vendredi|la fin)|s'occupe de|est responsable de|panne|incident)(?![A-Za-z0-9_\u00C0-\u024F])`,
    String.raw`(?<![A-Za-z0-9_\u00C0-\u024F])(?:ya no|hemos migrado|migramos|nos mudamos|hemos decidido|decidimos|decidió|fecha límite|plazo|antes del (?:lunes|martes|miércoles|jueves|viernes)|para el (?:lunes|martes|miércoles|jueves|viernes)|es responsable de|se encarga de|caída|incidente)(?![A-Za-z0-9_\u00C0-\u024F])`,
  ].join('|'),
  'i',
);

/**
 * Who owns what, by a person's name: "Dana owns billing", "ask Priya before…", "reviewed by
 * Omar". Case-sensitive, as names are written: "The search runs…" names nobody.
 */
const NAME = String.raw`(?!(?:The|This|That|These|Those|It|We|They|He|She|Everyone|Everything|Nobody|Nothing|Someone|Each|Every|All|Our|My|Your|If|When|Then|Now|So)\b)[A-Z][a-z]+`;
export const OWNERSHIP = new RegExp(
  [
    String.raw`^[Oo]nly ${NAME}(?: [A-Z][a-z]+)?\s+(?:can|may|is allowed to|gets to)\b`,
    String.raw`^${NAME}(?: [A-Z][a-z]+)?\s+(?:owns|is responsible for|maintains|handles|runs|leads|manages|is in charge of|is the (?:owner|lead|pm|tech lead|point of contact|contact|maintainer|reviewer)|reviews|approves|signs off)\b`,
    String.raw`\b(?:owned|maintained|managed|run|handled|reviewed|approved) by ${NAME}|\b(?:[Aa]sk|[Tt]alk to|[Pp]ing|[Cc]heck with) ${NAME} (?:about|for|before|if|when|first)\b`,
  ].join('|'),
);

/** Things people point to: a URL, a chat channel, or a place named with where it is. */
/** Tools people keep things in, by name. */
const TOOL = String.raw`(?:AWS [A-Z][a-z]+(?: [A-Z][a-z]+)?|GCP [A-Z][a-z]+|Azure [A-Z][a-z]+|Penpot|Airtable|Metabase|Superset|Redash|Grafana Cloud|Google Sheet|Statuspage|RabbitMQ|Confluence|Notion|Jira|Linear|Grafana|Datadog|Sentry|Kibana|PagerDuty|Opsgenie|Figma|Miro|Trello|Asana|Airtable|Google (?:Drive|Docs?|Sheets?)|SharePoint|Slack|Teams|Discord|LaunchDarkly|Statsig|Unleash|Vault|1Password|Bitwarden|Postman|Swagger|Storybook|Loom|Dropbox|GitLab|Bitbucket|CircleCI|Buildkite|Jenkins|Honeycomb|New Relic|Splunk|Looker|Metabase|Tableau|Mixpanel|Amplitude|Segment|Retool|Zendesk|Intercom|HubSpot|Salesforce|Basecamp|ClickUp|Coda|Quip|Lucidchart|Backstage|Rollbar|Bugsnag|Prometheus|Sourcegraph)`;
/** Places a named document sits in: "the Notion database 'Postmortems'", "the folder called Releases". */
const NAMED_PLACE = String.raw`(?:folder|base|database|collection|tab|space|project|library)`;
const REFERENCE_NOUN = String.raw`(?:portal|inbox|readme|report|saved report|mockups|designs|wireframes|minutes|recordings|contracts|maquettes|vault|password manager|mailing list|ops repo|infra repo|docs repo|style guide|guidelines|wiki page|dashboard|board|channel|runbook|run book|playbook|wiki|confluence|notion|jira|linear|grafana|datadog|sentry|kibana|pagerduty|opsgenie|statuspage|status page|spreadsheet|sheet|google doc|doc|docs|documentation|design doc|spec|rfc|adr|figma|miro|trello|asana|handbook|postman collection|drive|sharepoint|tracker|backlog|project board|kanban|calendar|rotation|logs?|metrics|traces|alerts?|tickets?|issues? tracker|bugs?)`;
export const REFERENCE = new RegExp(
  [
    // A URL given as the place of something ("is at", "see", "docs: …"), not one met in a request.
    String.raw`(?:\b(?:is|are|at|see|check|here|under|in|on|from|via|lives?|ici|hier|aquí|sur|auf|en|dans)\s*:?\s*|:\s*|\(\s*)<?https?:\/\/\S+`,
    // A chat channel said as one ("posted to #deploys", "the #infra channel"); a bare "#file:", "#001" or "#a--heading"
    // is an editor's attached file, a task's number or a Markdown anchor (decision 138), and a name compared or indexed
    // after "#" a length in code (decision 135): `#result == 1`. A page's "#main-content id", a line's "#L42" and a
    // colour ("#fff") are no channel either; "our support channel is #help" names one (decision 138, reviewed).
    String.raw`\b(?:in|to|on|into|at|via|see|the|our|ask|ping|post|posted|share|shared|message|join|contact|alert|tell|mention|through)\s+#(?![a-z0-9_-]*--)(?![0-9a-f]{3}(?:[0-9a-f]{3})?\b)(?!l\d)[a-z][a-z0-9_-]{1,}[a-z0-9_](?![\w-])(?!:\w)(?!\s*(?:[=~!<>]=|[<>[]))(?!\s+(?:id|div|element|section|tab|heading|banner|field|selector|anchor|button|link|span|wrapper|container)\b)|#[a-z][a-z0-9_-]{2,}\s+(?:channel|room)\b|\b(?:channel|room)\b[^.#]{0,40}?#[a-z][a-z0-9_-]{2,}\b`,
    String.raw`\b${REFERENCE_NOUN}\b[^.]*?\b(?:is|are|lives?|live|sits?|kept|found|documented|tracked|filed|logged|posted|shown|go|goes|get posted|end up|land)\s+(?:in|at|on|under|to|into|from)\b`,
    String.raw`\b(?:tracked|filed|logged|documented|described|written up|posted|announced|discussed)\s+(?:in|on|at|under)\s+(?:the\s+)?(?:[A-Z]\w*|${REFERENCE_NOUN})`,
    String.raw`\b(?:see|check|look at|consult)\s+(?:the\s+)?(?:[A-Z]\w+\s+)?${REFERENCE_NOUN}\b.*\b(?:for|when|before|if)\b`,
    // "…are in the spreadsheet 'Perf 2026' on the team drive": the place after the verb
    String.raw`\b(?:is|are|lives?|live|sits?|kept|stored|found|documented|written down|listed|recorded|tracked|pasted|copied|uploaded|saved|dumped|logged)\s+(?:in|on|at|under|into|to)\s+(?:the|our|a|an)\s+(?:[\w'\u2018\u2019"-]+\s+){0,5}${REFERENCE_NOUN}\b`,
    String.raw`\b(?:end up|ends up|land|lands|wind up|go|goes|get posted|gets posted|are posted|is posted|get sent|gets sent|are sent|is sent|are announced|is announced|are reported|is reported)\s+(?:to|in|into|on)\s+(?:the|our|a)\s+(?:[\w-]+\s+){0,2}${REFERENCE_NOUN}\b|^(?:the\s+)?${REFERENCE_NOUN}\s*:\s*\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.(?!(?:py|js|ts|tsx|jsx|mjs|cjs|md|json|ya?ml|toml|rs|go|rb|java|kt|cpp|cs|php|sh|txt|html|css|scss|vue|svelte|lock|env|cfg|ini|xml|sql)\b)[a-z]{2,24}\b|\b(?:at|on|under|is|are|to):?\s+(?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:internal|corp|local|io|com|net|org|dev|app|cloud)(?::\d{2,5})?(?:\/\S*)?|\b(?:that's|that is|this is|is) where (?:you|we|they|to|people|everyone|the team|anyone)\b`,
    String.raw`\b(?:published|hosted|served|available|exported)\s+(?:at|on|in|to)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}${REFERENCE_NOUN}\b|\byou(?:'ll| can| will)? find\b[^.]*\b(?:in|under|on|at)\s+(?:the|our)\b`,
    // a document by its name: "the Figma file 'Checkout v4'", "the page called Onboarding"
    String.raw`\b(?:${REFERENCE_NOUN}|${NAMED_PLACE})\s+(?:file\s+|page\s+|doc\s+|board\s+|sheet\s+|space\s+|project\s+)?(?:called\s+|named\s+|titled\s+|namens\s+|nommée?\s+|appelée?\s+|llamad[oa]\s+)?['"\u2018\u201C\u201E\u00AB]\s?[^'"\u2019\u201C\u201D\u00BB]{2,60}\s?['"\u2019\u201D\u201C\u00BB]`,
    String.raw`\b(?:comes?|taken|pulled)\s+from\s+(?:the\s+)?${REFERENCE_NOUN}\b`,
    String.raw`\b(?:steht|stehen|liegt|liegen|findest du|findet man)\s+(?:\S+\s+){0,3}(?:in|im|unter|auf)\b|\b(?:sont|est)\s+(?:dans|sur|sous)\s+(?:le |la |les |l')?\S+|\bc'est (?:la|le|l')\s+(?:base|page|doc|tableau|dossier|fichier|feuille|wiki)\b|\bse trouve(?:nt)?\s+(?:dans|sur|sous)\b|\bse encuentra(?:n)?\s+en\b|\bestá(?:n)?\s+en\s+(?:el|la)\s+(?:tablero|wiki|canal|documento|hoja|carpeta|página)\b|\b(?:kanal|canal|tableau de bord|tablero|wiki)\b[^.]*?\b(?:est|sont|ist|sind|está|están)\s+(?:ici|là|dans|sur|sous|in|im|unter|auf|hier|en|aquí)\b`,
  ].join('|'),
  'i',
);

/**
 * A tool named as the place something is: "in Confluence", "managed in LaunchDarkly", "is the
 * Notion page…", "the Figma file 'Checkout v4'". Case-sensitive, as tools are named: "in linear
 * time" and "the teams" are no tools.
 */
export const REFERENCE_BY_TOOL = new RegExp(
  [
    String.raw`\b(?:in|on|under|into|to|im|auf|dans|sur|en|de|aus|from)\s+(?:the\s+|einem\s+|einer\s+|dem\s+|der\s+|le\s+|la\s+|un\s+|une\s+|el\s+|una?\s+)?${TOOL}(?![\w-])`,
    String.raw`\b${TOOL}\b[^.]{0,40}['"\u2018\u201C\u201E\u00AB]\s?[^'"\u2019\u201C\u201D\u00BB]{2,60}\s?['"\u2019\u201D\u201C\u00BB]`,
    String.raw`\b(?:is|are)\s+(?:the|our|a|an)\s+${TOOL}\s+\w+`,
    String.raw`\b(?:managed|configured|controlled|toggled|administered|tracked|documented|planned|coordinated|scheduled|kept|stored)\s+(?:in|through|via|with|on)\s+(?:the\s+)?${TOOL}\b`,
    String.raw`\b(?:comes?|taken|pulled)\s+from\s+(?:the\s+)?${TOOL}\b`,
    String.raw`\b${TOOL}\s+has\s+(?:a|an|the)\s+\w+`,
    String.raw`\b${TOOL}\s+(?:file|page|doc|board|sheet|space|project|dashboard|channel)\s+(?:called\s+|named\s+|titled\s+)?['"\u2018\u201C][^'"\u2019\u201D]{2,60}['"\u2019\u201D]`,
  ].join('|'),
);

/** A local address a part of the project is served at, said alone (decision 104): "the frontend is at localhost:3000". */
const LOCAL_ADDRESS =
  /\b(?:is|are|runs|run|lives|is served|listens)\s+(?:at|on)\s+(?:https?:\/\/)?(?:localhost|127\.0\.0\.1|0\.0\.0\.0):\d{2,5}(?:\/\S*)?\s*[.!]?$/i;

/**
 * A request to fetch something now (decision 106, amended): "clone this repo into a temp folder: <url>",
 * "descarga este repo…". Its URL is what the work is on, not the place a thing is looked up.
 */
const FETCH_NOW =
  /^(?:please\s+|can you\s+|could you\s+|por favor\s+)?(?:download|clone|fork|fetch|grab|pull down|check out|descarga|descárgate|descargate|bájate|bajate|clona|télécharge|telecharge|clone|lade|klone)\b/i;

/** A reference, said with a place word or by a tool's name, or a local address (looked for only when the sentence has a port). */
export const isReference = (sentence: string): boolean =>
  !FETCH_NOW.test(sentence) &&
  (REFERENCE.test(sentence) || REFERENCE_BY_TOOL.test(sentence) || (sentence.includes(':') && LOCAL_ADDRESS.test(sentence))) &&
  // a line of code typed without a fence names calls and lengths, no places (decision 135)
  !isCodeLine(sentence);

/** Questions: a question mark, or the words questions start with. */
export const QUESTION =
  /\?\s*$|^(?:would|could|should|can|will|shall|might)\s+(?:it|we|i|they|there|this|that)\b(?!\s+(?:always|never)\b)|^(?:what|why|how|where|when|which|who|whom|whose)(?:'s|\s+(?:is|are|was|were|do|does|did|can|could|would|will|should|shall|has|have|had|am|about|if|else|exactly))\b|^(?:is there|are there|is it|is this|does|do you|did|can you|could you|would you|will you|should (?:we|i)|any idea|kannst du|könntest du|est-ce que|peux-tu|pourrais-tu|puedes|podrías)\b|^(?:wie|was|warum|wieso|weshalb|wo|wann)\s+(?:ist|sind|war|kann|können|soll|sollen|macht|machen|geht|heißt|bedeutet|passiert)\b|^(?:pourquoi|comment|où|quand)\s+(?:est|sont|on|fait|faire|ça|marche|fonctionne)\b|^(?:qué|por qué|cómo|dónde|cuándo)(?![\w\u00C0-\u024F])/i;

/**
 * A heading that announces news, a task word used as a noun ("Update: the API now runs on 9090", "Change of plan: …"):
 * what follows it is read for whether it asks for work, not the heading (decision 110, amended 2026-12-07).
 */
export const NEWS_HEADING = /^(?:update|change (?:of|in) plans?|plan change)\s*:\s*/i;

/** Asking for work now: a task, not a memory, unless it carries a rule or preference cue. */
export const TASK =
  /^(?:please\s+|now\s+|then\s+|first\s+|ok\s+|okay\s+|let's\s+|lets\s+|can you\s+|could you\s+)?(?:add|fix|create|implement|refactor|delete|remove|rename|update|upgrade|bump|move|debug|investigate|look|check|find|show|explain|tell|help|write a|write the|make a|make the|generate|build|deploy|revert|undo|try|continue|go ahead|finish|review|open|read|install|set up|setup|change|replace|convert|split|clean up|document|mach|füge|erstelle|behebe|ajoute|corrige|crée|añade|arregla|crea)\b/i;

/** A story of a bug and its fix: the code and git keep that. */
export const BUG_NARRATIVE =
  /\b(?:(?:is|are)\s+(?:gone|fixed|resolved)\b|never (?:resolved|returned|fired|finished|completed|closed|settled)\b|(?:bug|leak|crash|problem|issue|error|regression|culprit|root cause|failure)\s+(?:is|was|came from|comes from|turned out)|tests?\s+(?:pass|passes|passed|fail|fails|failed|(?:is|are)\s+(?:green|red|passing|failing))|(?:it|that|this) should (?:fix|solve|resolve|help)|bug was|i fixed|we fixed|that fixed|this fixed|fixed it|fixed the|the fix (?:is|was)|the error (?:is|was)|stack trace|null pointer|undefined is not|typo|turned out|the test (?:fails|failed|is failing|was failing)|tests? (?:pass|passes|passed) now|works now|it's working|is broken|segfault|threw|throws)\b/i;

/** What the code or git already says. The test runner is a tool of the project, not code (decision 125). */
export const CODE_SAYS =
  /^(?:the|this|that)\s+(?:function|method|class|file|module|component|variable|constant|type|interface|import|commit|branch|pr|pull request|diff|hook|loop|regex|query|test(?!s?\s+(?:runner|framework)\b)|script|line|snippet)s?\b|\b(?:the last commit|git log|was merged|got merged|i committed|i pushed|returns (?:a|an|the|null|undefined|true|false)|is defined in|is imported from|calls (?:the|a)\b)/i;

/** State that will not be true tomorrow. */
export const TRANSIENT =
  /\byet\s*[.!]?$|\b(?:(?:anything|nothing) yet|not yet|for the moment|until I (?:say|tell you|come back|check|confirm)|right now|at the moment|for now|just now|currently (?:running|building|deploying|waiting)|in a (?:meeting|call)|on a call|brb|back in \d+|give me a (?:sec|second|minute|moment)|(?:is|are) (?:still )?(?:running|building|compiling|deploying|loading|downloading|installing)|in progress|still (?:a |in )?draft|ready for review|(?:waiting|blocked) (?:for|on)|(?:ci|checks?|the build|builds?|pipelines?|pr|pull request|tests?)\b[^.]{0,40}\b(?:green|red|passing|failing|pending|queued)|this (?:morning|afternoon|evening)|while I(?:'m| am)?\s+(?:test|testing|check|checking|look|looking|try|trying|debug|debugging|away|out)|tonight|lunch|i'm (?:busy|tired|away|off|heading|stepping|out)|i am (?:busy|tired|away|off)|gerade|im meeting|en réunion|en ce moment|ahora mismo|en una reunión)\b/i;

/** Thinking aloud: a hedge says the person has not settled it, so it is no rule or fact yet. */
export const HEDGE =
  /\b(?:probably|maybe|perhaps|might|i guess|i'm not sure|i am not sure|not sure (?:if|whether)|i wonder|vielleicht|peut-être|quizás|tal vez|for (?:example|instance),?\s+(?:we|you|one|i)\s+could)\b/i;
