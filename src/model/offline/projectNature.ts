import { TROUBLE } from './environmentFacts.js';

/**
 * What the project is (decision 104): its stage or standing ("this is a prototype", "the project is
 * in maintenance mode", "it's an internal tool with about 20 users"), what it is for ("this repo is
 * the backend for our mobile app", "we're building a CLI for managing dotfiles") and what it came
 * from ("this is a fork of…"). How much care a change deserves follows from it, and the code does not
 * say it. Written from kinds of statement with invented sentences as their tests, never from a corpus
 * sentence.
 */

/** What a project can be. */
const NATURE = String.raw`(?:side project|prototype|hackathon project|throwaway (?:code|project|script|prototype)|proof of concept|poc|mvp|demo (?:app|repo|repository|project|site)|toy project|hobby project|pet project|personal project|learning project|investigation project|research project|experimental project|portfolio (?:piece|project)|test ?bed|sandbox project|internal tool|open[- ]source project|school project|production (?:code|app|service|system))`;

/** The project itself, named or pointed at as a whole. */
const THE_PROJECT = String.raw`(?:this|it|the project|this project|this repo|the repo|this repository|this codebase|this app|the app)`;

/**
 * A kind of product a project is. Said of bare "this" or "it", only the kinds a part of a project is rarely called: "this
 * is a service that…" may be one service of many.
 */
const PRODUCT_KIND = String.raw`(?:app|application|game|simulation|simulator|tool|utility|library|site|website|web ?app|platform|dashboard|bot|chatbot|extension|plugin|add-?on|cli|sdk|framework|toolkit|emulator|blog|portal|marketplace|online (?:shop|store)|crm)`;
const PART_KIND = String.raw`(?:service|server|api|backend|frontend|engine|system|pipeline|monorepo)`;

/** Words that describe a product before its kind ("a physics-based 2D racing game"), none of them a trouble, a piece of work or a part of code. */
const PRODUCT_WORDS = String.raw`(?:(?!(?:bug|error|issue|problem|crash|regression|typo|mistake|leak|fix|test|question|change|feature|step|function|method|class|file|component|page|screen|button|module|in|of|on|at|for|with|from|to|the|a|an|that|which|and|or|but|is|are|was)\b)[\w./+-]+\s+){0,6}?`;

/** The product itself, named as the kind it is: "the game", "our app", "this website". */
const THE_PRODUCT = String.raw`(?:(?:this|the|our|my)\s+(?:project|repo|repository|codebase|${PRODUCT_KIND}))`;

/**
 * What may follow a product's kind: the end, a comma, or what it is for, for whom, how it is built. A relative clause of
 * the person's own use ("a website that I want to scrape", "a tool we use at work") speaks of another thing (decision
 * 133, reviewed).
 */
const AFTER_KIND = String.raw`(?!\s+(?:that|which)?\s*(?:I|we|you)\b)(?=\s*(?:[.!;,]|$)|\s+(?:for|that|which|where|used|built|written|made|meant|designed|intended|to|with|in|on|running|aimed|targeting)\b)`;

const NATURE_FACTS = new RegExp(
  [
    // "This is a physics-based racing game for the browser", "The app is an internal dashboard used by our support
    // team": the kind of product the project is, given as context or said plainly (decision 133)
    String.raw`^(?:${THE_PRODUCT}(?:\s+is|'s)\s+(?:just\s+|basically\s+|essentially\s+|mainly\s+)?(?:a|an)\s+${PRODUCT_WORDS}(?:${PRODUCT_KIND}|${PART_KIND})s?|(?:this|it)(?:\s+is|'s)\s+(?:just\s+|basically\s+|essentially\s+|mainly\s+)?(?:a|an)\s+${PRODUCT_WORDS}${PRODUCT_KIND})${AFTER_KIND}`,
    // "This is a prototype", "It's an internal tool with about 20 users"
    String.raw`^${THE_PROJECT}(?:\s+is|'s)\s+(?:just\s+|only\s+|still\s+|mostly\s+|basically\s+)?(?:(?:a|an|our|my)\s+)?(?:[\w-]+\s+)?${NATURE}(?=\s*(?:[.!,;]|$)|\s+(?:with|for|that|to|just|so)\b)`,
    // "This repo is the backend for our mobile app", "This is a fork of the upstream Hugo theme"
    String.raw`^(?!it\b)${THE_PROJECT}(?:\s+is|'s)\s+(?:the|a|an|our)\s+(?:[\w.-]+\s+)?(?:backend|frontend|server|client|api|cli|sdk|website|docs site|mobile app|web app)\s+(?:for|of)\s+(?:our|the|a|an)\s+\S|^(?!it\b)${THE_PROJECT}(?:\s+is|'s)\s+a\s+fork\s+of\s+(?:the\s+)?\S`,
    // "It's for personal use only", "This is just for me": whom it is for (decision 129)
    String.raw`^${THE_PROJECT}(?:\s+is|'s)\s+(?:just\s+|only\s+|mainly\s+|mostly\s+|purely\s+|meant\s+|intended\s+)?for\s+(?:(?:my|our)\s+(?:own\s+)?)?(?:personal|internal|private|in-house|educational|learning|non-commercial|team|home)\s+use\b|^${THE_PROJECT}(?:\s+is|'s)\s+(?:just|only)\s+for\s+(?:me|myself|my team|our team|the team|us)(?:\s+and\s+[\w\s-]{1,30})?\s*(?:[.!,;]|$)`,
    // "The purpose of this repo is to…", "The goal of the project is that…": what it is for (decision 129)
    String.raw`^the\s+(?:(?:main|whole|real|overall|end)\s+)?(?:goal|purpose|aim|point)\s+of\s+(?:this|the|our)\s+(?:project|repo|repository|app|tool|codebase|library|cli)\s+(?:is|was)\s+(?:that|to|for)\s+\S`,
    // "This repo is public": who can read it decides what may be committed
    String.raw`^(?:the|this|our)\s+(?:project|repo|repository|codebase|app)(?:\s+is|'s)\s+(?:still\s+)?(?:public|private|open[- ]source|closed[- ]source|proprietary)\s*(?:[.!,;]|$)`,
    // "The project is in maintenance mode", "This app is still in beta"
    String.raw`^${THE_PROJECT}(?:\s+is|'s)\s+(?:still\s+|now\s+)?in\s+(?:maintenance mode|beta|alpha|early development|early access|production)\b`,
    // "We're building a CLI for managing dotfiles": what the project makes
    String.raw`^we(?:'re| are)\s+(?:building|making|writing|developing)\s+(?:a|an)\s+(?:[\w-]+\s+)?(?:app|tool|cli|library|service|platform|website|site|game|extension|plugin|bot|sdk|framework|product)\s+(?:for|that|to)\s+\S`,
    // Spanish: "este proyecto es un prototipo", "es un proyecto personal"
    String.raw`^(?:este proyecto|esto|este repo|este|es)\s+(?:es\s+)?(?:solo\s+)?(?:un|una)\s+(?:prototipo|proyecto personal|proyecto de prueba|herramienta interna|mvp|prueba de concepto)\b`,
  ].join('|'),
  'i',
);

/** Said of the moment, or of one thing at hand: "for now", "of the new button". */
const NOT_WHOLE =
  /\b(?:for now|right now|for the moment|today|tonight|tomorrow|(?:this|the next) (?:sprint|week)|of the new|of this(?!\s+(?:project|repo|repository|codebase|app|tool|library|cli)\b))\b|,\s*right\s*\??\s*$/i;

/** A judgement of the product rather than what it is: "this is a great tool", "it's a really messy app". */
const JUDGED =
  /\b(?:a|an)\s+(?:really\s+|very\s+|pretty\s+|super\s+|truly\s+)?(?:great|awesome|amazing|nice|cool|good|fantastic|wonderful|excellent|brilliant|beautiful|perfect|terrible|horrible|bad|neat|lovely|superb|solid|impressive|fun|weird|strange|messy|ugly|useless|cute|fine)\b/i;

/** Whether a sentence says what the project is. */
export const isProjectNature = (sentence: string): boolean => {
  // What is said in brackets ("the Next.js frontend (App Router, TypeScript) for…") details it and is read past.
  const plain = sentence.replace(/\s*\([^()]{0,80}\)/g, '');
  return NATURE_FACTS.test(plain) && !NOT_WHOLE.test(plain) && !TROUBLE.test(plain) && !JUDGED.test(plain);
};

/**
 * A step or a date of the moment said after what the project is: "so hide the button from the menu", "so start with
 * the parser", "due Friday". What follows from the project's nature for every change ("so keep the setup simple", "so no need for…") is
 * not one.
 */
const STEP_AFTER =
  /\s*,?\s+so\s+(?:please\s+|just\s+|first\s+|now\s+)*(?:hide|show|start|skip|put|drop|add|fix|remove|delete|rename|move|change|update|replace|open|write|run|deploy|push|commit|merge|use the|make the|finish)\b.*$|\s*,\s*due\s+(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b.*$/is;

/**
 * What a sentence saying what the project is keeps of itself: the statement without a step of the moment after it
 * (decision 129, amended 2026-12-07). "It's for internal use, so hide the button" keeps "It's for internal use.".
 */
export const natureSaid = (sentence: string): string => {
  const step = STEP_AFTER.exec(sentence);
  return step === null ? sentence : `${sentence.slice(0, step.index).replace(/[\s,;:]+$/, '')}.`;
};
