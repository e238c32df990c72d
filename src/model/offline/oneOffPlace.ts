import { LASTING } from './lastingWords.js';

/**
 * Something put in a scratch place for the task at hand (decision 68): downloaded, cloned or saved
 * into a temporary folder, in the languages the cues know.
 */
const INTO_SCRATCH =
  /\b(?:download|clone|save|copy|put|extract|unzip|fetch|descarga|descargar|descargá|clona|clonar|guarda|copia|télécharge|enregistre|lade|klone|speichere)\b[^.!?\n]{0,60}?(?:\b(?:temp|temporary|tmp|scratch)\s+(?:folder|dir|directory)\b|\/tmp\b|~\/Downloads\b|\b(?:folder|carpeta|directorio)\s+temporal\b|\bdossier\s+temporaire\b|\btemporären\s+(?:Ordner|Verzeichnis)\b)/i;

/** One file in a download or temporary folder ("~/Downloads/spec-v3.pdf", "/tmp/customer-4411.log"): it lasts as long as the task. */
const FILE_IN_SCRATCH =
  /(?:~\/Downloads|\/tmp|\/var\/tmp|[A-Z]:\\Users\\[^\\\s]+\\Downloads)[\\/](?:[\w.-]+[\\/])*[\w-]+\.[a-z0-9]{1,5}\b/i;

/**
 * How things are, said in the present ("lives at", "go to", "expects", "reads it from"): the place
 * is where they always go, on a runner or in a build (decision 68, amended).
 */
const HABITUAL =
  /\b(?:lives?|go(?:es)?\s+(?:to|into|in)|expects?|reads?\s+(?:\w+\s+)?(?:from|in)|writes?\s+(?:\w+\s+)?(?:to|into)|looks?\s+(?:for|in))\b/i;

/** Put there once, or for now: what makes a habitual place the place of this task after all. */
const ONCE = /\b(?:downloaded|saved|copied|cloned|extracted|unzipped|fetched|just|for now|right now|this time)\b/i;

/**
 * Whether a sentence names a place that holds for one task only: something put in a scratch folder,
 * or one file in Downloads or a temporary folder. Said with a lasting word ("always clone… into a
 * temp folder") it is a way of working, and no such place; so is a place said of how things are
 * ("the tests read it from there"), unless it was put there once.
 */
export function isOneOffPlace(sentence: string): boolean {
  if (LASTING.test(sentence)) return false;
  if (HABITUAL.test(sentence) && !ONCE.test(sentence)) return false;
  return INTO_SCRATCH.test(sentence) || FILE_IN_SCRATCH.test(sentence);
}
