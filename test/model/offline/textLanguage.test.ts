import { describe, expect, it } from 'vitest';
import { differentLanguages, languagesOf } from '../../../src/model/offline/textLanguage.js';

// Example sentences written for these tests.
const languages = (text: string): string[] | undefined => {
  const found = languagesOf(text);
  return found === undefined ? undefined : [...found].sort();
};

describe('the language a paragraph is written in, by its short words', () => {
  it.each([
    ['The cache key ignores the locale.', ['en']],
    ['La clave de caché ignora el idioma.', ['es']],
    ['La clé du cache ignore la langue.', ['fr']],
    ['Der Cache-Schlüssel ignoriert die Sprache.', ['de']],
    ['Medium Severity', undefined],
  ])('%s', (text, expected) => {
    expect(languages(text)).toEqual(expected);
  });

  it('code, paths and links count for no language', () => {
    expect(languages('Rename `del` in src/de/la.ts, see https://example.com/es/la/de for the details.')).toEqual(['en']);
  });

  it('identifiers, quoted text and a single short word settle no language', () => {
    expect(languages('Y-axis label overflow')).toBeUndefined();
    expect(languages('Missing null check in le_parser.py and de_serialize')).toBeUndefined();
    expect(languages('Check v2.la-de and 3de first')).toBeUndefined();
    expect(languages('The German label is "Die Datei ist zu groß und wird nicht hochgeladen", which is wrong.')).toEqual(['en']);
    expect(languages('Nein, nicht so.')).toBeUndefined();
    expect(languages('Preferimos tabs en lugar de espacios.')).toEqual(['es']);
  });

  it('two texts differ only when both are known and share no language', () => {
    expect(differentLanguages(languagesOf('The key is wrong.'), languagesOf('Preferimos tabs en lugar de espacios.'))).toBe(true);
    expect(differentLanguages(languagesOf('La clave de caché.'), languagesOf('La clave siempre debe incluir el idioma.'))).toBe(false);
    expect(differentLanguages(languagesOf('The key is wrong.'), languagesOf('Medium Severity'))).toBe(false);
  });
});
