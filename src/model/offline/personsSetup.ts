import { NAMED, TROUBLE } from './environmentFacts.js';

/**
 * The person's machine and setup (decision 104): what their machine cannot run ("this machine can't
 * run the binary"), how much it has ("I only have 8 GB of RAM"), what is not installed, their
 * editor and shell, a proxy they sit behind, and the install they test against ("I test on my
 * regular install"). Each holds as long as their setup does, and changes how to work with them.
 * Written from kinds of statement with invented sentences as their tests, never from a corpus
 * sentence.
 */

/** Editors, shells and terminals, in any case ("vscode", "VS Code"). */
const SETUP_TOOL = String.raw`(?:vs ?code|visual studio(?: code)?|neovim|nvim|vim|emacs|helix|zed|cursor|sublime(?: text)?|intellij(?: idea)?|webstorm|pycharm|goland|rubymine|xcode|android studio|zsh|fish|bash|powershell|tmux|iterm2?|warp|ghostty|wezterm|alacritty|kitty)`;

/** The kinds said without a name in them, read in any case. */
const SETUP_ANY_CASE = new RegExp(
  [
    // what the machine cannot do: "this machine can't run the binary"
    String.raw`^(?:this|my|our)\s+(?:[\w-]+\s+)?(?:machine|laptop|computer|box|mac|pc|workstation|vm)\s+(?:can't|cannot|can not|won't|isn't able to)\s+(?:run|build|install|handle|load|execute|compile|fit)\s+(?!(?:it|this|that|them)\b)\S`,
    // what it has: "I only have 8 GB of RAM", "I have 4 cores"
    String.raw`^I\s+(?:only\s+)?have\s+(?:only\s+)?(?:about\s+)?\d+\s*(?:gb|gigs?|tb)\s+(?:of\s+)?(?:ram|memory|disk|storage|space)\b|^I\s+(?:only\s+)?have\s+\d+\s+(?:cores|cpus)\b`,
    // a proxy or firewall in the way: "I'm behind a corporate proxy"
    String.raw`^I(?:'m| am)\s+(?:always\s+)?behind\s+(?:a|an|the|our)\s+(?:[\w-]+\s+){0,2}(?:proxy|firewall|vpn|nat)\b`,
    // the install they test against: "I test on my regular install"
    String.raw`^I\s+(?:usually\s+|always\s+|only\s+|mostly\s+)?(?:test|try|run|check)\s+(?!(?:it|this|that)\s)(?:\S+\s+){0,3}?(?:on|against|with|in|from)\s+my\s+(?:regular|usual|normal|own|local|daily|everyday|installed|stable|main)\s+(?:install|installation|setup|build|version|copy|checkout|environment)\b`,
    // the editor, shell, terminal: "my editor is Neovim", "I use VS Code", one name at the end
    String.raw`^my\s+(?:main\s+|default\s+|usual\s+)?(?:editor|ide|shell|terminal|os|operating system|browser|distro)\s+is\s+(?!(?:fine|ok|okay|open|closed|weird|odd|strange|slow|dead|busy|full|laggy|unresponsive|frozen|old|new|different|bad|good|off|on|up|down|gone|\w\w+ed|\w+ing)\b)[\w.+-]+(?:\s+\d[\w.]*)?\s*[.!]?$`,
    String.raw`^I\s+(?:use|work in|code in|live in)\s+${SETUP_TOOL}(?:\s+with\s+\S+)?\s*[.!]?$`,
    // Spanish and French: "uso Windows 11", "j'utilise Neovim"
    String.raw`^(?:uso|estoy usando|trabajo con|j'utilise|je travaille sous|je suis sous)\s+(?:windows|mac(?:os)?|linux|ubuntu|wsl2?|${SETUP_TOOL})(?:\s+\d[\w.]*)?\s*[.!]?$`,
    // Spanish and French: "mi máquina no puede ejecutar el binario", "ma machine ne peut pas lancer Docker"
    String.raw`^(?:mi|este|esta)\s+(?:máquina|computador|computadora|laptop|portátil|pc|equipo|mac)\s+no\s+(?:puede|soporta)\s+(?:ejecutar|correr|instalar|compilar|cargar)\s+(?!(?:eso|esto)\b)\S`,
    String.raw`^(?:ma|cette|mon|cet)\s+(?:machine|ordinateur|portable|pc|mac)\s+ne\s+peut\s+pas\s+(?:lancer|exécuter|faire tourner|installer|compiler)\s+(?!(?:ça|cela)\b)\S`,
  ].join('|'),
  'i',
);

/** The kinds that need a name (a capital is part of how it is written), read as typed after the first word. */
const SETUP_NAMED = new RegExp(
  [
    // what is not installed, by its name: "I don't have Docker installed"
    String.raw`^I\s+(?:don't|do not)\s+have\s+${NAMED}(?:\s+${NAMED})?\s+installed\b`,
    // an install and where it came from: "I have the stable build installed via Homebrew"
    String.raw`^I\s+have\s+(?:\S+\s+){1,4}installed\s+(?:via|with|through|from|using)\s+${NAMED}`,
  ].join('|'),
  'u',
);

/** A tool by a name: any word before "cli", or a named thing that is no pronoun or quantifier opening a sentence. */
const TOOL_NAME = String.raw`(?:(?!(?:[Tt]he|[Aa]n?|[Tt]his|[Tt]hat|[Yy]our|[Mm]y|[Oo]ur|[Ii]ts)\s)[\p{L}\p{N}._-]+\s+(?:cli|CLI)|(?!(?:The|An?|My|Our|Your|Its|It|This|That|These|Those|Everything|Everyone|Nothing|Something|All|Both|Each|Which|What|He|She|They|We|You|There|Here)\b)${NAMED}(?:\s+(?:cli|CLI))?)`;

/** "…, you can call it", "…and you can use them": the tool offered. */
const OFFER = String.raw`(?:\s*(?:,|and)\s+(?:so\s+)?you\s+can\s+(?:call|use|run|invoke)\s+(?:it|them)(?:\s+\S+){0,3})?`;

/** Ready to use: installed, and maybe signed in (decision 145). */
const READY = String.raw`(?:already\s+)?installed(?:\s+(?:locally|globally|here|on (?:my|this) (?:machine|laptop|box)))?(?:\s+and\s+(?:authenticated|logged in|signed in|configured|set up))?`;

/**
 * What the person has ready to use (decision 145): "the codex CLI is installed", "I have the aws cli installed", "gh is
 * installed and authenticated". A tool by its name, or any word before "cli"; the sentence ends there or offers it
 * ("…, you can call it"). What is missing is the kind above; "is X installed?" asks.
 */
const TOOL_READY = new RegExp(
  [
    String.raw`^(?:[Tt]he\s+)?${TOOL_NAME}\s+is\s+${READY}${OFFER}\s*[.!]?$`,
    String.raw`^I\s+have\s+(?:[Tt]he\s+)?${TOOL_NAME}\s+${READY}${OFFER}\s*[.!]?$`,
  ].join('|'),
  'u',
);

/**
 * A tool offered for a kind of work because it is ready (decision 145): "can you use codex as a review agent, the
 * cli is installed and you can call it", "use gh for the PRs, it's authenticated", also after a clause of the task ("and
 * write the tests first, can you use…"). The readiness makes the request one for every later session too; without it
 * ("use codex to review this") it is this task's.
 */
const TOOL_OFFERED = new RegExp(
  String.raw`^(?:[^,;.?!]{1,80},\s*)?(?:(?:can|could|would)\s+you\s+|please\s+|you\s+can\s+|feel\s+free\s+to\s+)?(?:also\s+)?(?:use|let|ask|call|run)\s+(?:the\s+)?[\p{L}\p{N}._-]+(?:\s+(?:cli|CLI))?\s+(?:as|for|to)\s+[^,;.?!]{1,60}[,;]\s*(?:since\s+|as\s+)?(?:the\s+(?:[\w-]+\s+)?(?:cli|CLI|binary|tool|command)|it|${TOOL_NAME})(?:\s+is|'s)\s+(?:${READY}|(?:already\s+)?(?:authenticated|logged in|signed in|set up|configured))${OFFER}\s*[.!]?$`,
  'iu',
);

/** Whether a sentence offers a ready tool for a kind of work. */
export const isToolOffered = (sentence: string): boolean => TOOL_OFFERED.test(sentence) && !TROUBLE.test(sentence);

/** Said of the moment rather than of the setup: "right now", "later", "after the update". */
const OF_THE_MOMENT =
  /\b(?:right now|at the moment|for now|today|later|anymore|any more|after|since|yet|again|ahora|hoy|todavía|maintenant|aujourd'hui|encore)\b/i;

/** Whether a sentence states the person's machine or setup. */
export const isPersonsSetup = (sentence: string): boolean =>
  (SETUP_ANY_CASE.test(sentence) || SETUP_NAMED.test(sentence) || TOOL_READY.test(sentence)) &&
  !OF_THE_MOMENT.test(sentence) &&
  !TROUBLE.test(sentence.replace(/\b(?:can't|cannot|can not|won't|don't|do not)\b/gi, ''));
