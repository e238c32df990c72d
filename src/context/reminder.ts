/** The tags Claude Code wraps context in that the user did not type. */
export function systemReminder(text: string): string {
  return `<system-reminder>\n${text}\n</system-reminder>`;
}

export function isSystemReminder(text: string): boolean {
  return text.trimStart().startsWith('<system-reminder>');
}
