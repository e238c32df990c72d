import { join } from 'node:path';
import { DEFAULT_NOTES_TEMPLATE } from './notesTemplate.js';
import { DEFAULT_UPDATE_PROMPT } from './updatePrompt.js';
import { readRegularFile } from '../../fs/regularFile.js';

/** Where a custom template and update prompt live (spec §4.1). */
export const notesTemplatePath = (configHome: string): string => join(configHome, 'session-memory', 'config', 'template.md');
export const notesPromptPath = (configHome: string): string => join(configHome, 'session-memory', 'config', 'prompt.md');

export interface NotesConfig {
  readonly template: string;
  readonly prompt: string;
  /** Why a custom file was not used although it exists (unreadable). */
  readonly warnings: readonly string[];
}

async function readOr(path: string, fallback: string, warnings: string[]): Promise<string> {
  try {
    return await readRegularFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') warnings.push(`could not read ${path} (${code ?? (error as Error).message}); using the default`);
    return fallback;
  }
}

/** The template and update prompt: the custom ones in the config directory when present, else ours. */
export async function loadNotesConfig(configHome: string): Promise<NotesConfig> {
  const warnings: string[] = [];
  const template = await readOr(notesTemplatePath(configHome), DEFAULT_NOTES_TEMPLATE, warnings);
  const prompt = await readOr(notesPromptPath(configHome), DEFAULT_UPDATE_PROMPT, warnings);
  return { template, prompt, warnings };
}

/** Single-pass `{{name}}` substitution; unknown placeholders stay as written (spec §4.1). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? whole) : whole));
}
