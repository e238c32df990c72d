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
 * Whether a sentence names a place that holds for one task only: something put in a scratch folder,
 * or one file in Downloads or a temporary folder. Said with a lasting word ("always clone… into a
 * temp folder") it is a way of working, and no such place.
 */
export function isOneOffPlace(sentence: string): boolean {
  if (LASTING.test(sentence)) return false;
  return INTO_SCRATCH.test(sentence) || FILE_IN_SCRATCH.test(sentence);
}
