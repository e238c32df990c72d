/**
 * What a tool writes into the person's message, in brackets (decision 68): a dictation app's note
 * ("[text transcribed by apple dictation]", "[dictated with Wispr Flow]") and Claude Code's
 * placeholders for what was pasted ("[Pasted text #2 +14 lines]", "[Image #1]"). It says how the
 * words arrived, not anything the person said. A note the person wrote themselves says more than a
 * tool's name ("[dictated with voice input, sorry for typos]") and is theirs (decision 97).
 */
const TOOL_MARKER =
  /\[(?:(?:text|message|note)\s+)?(?:auto-?)?(?:transcribed|dictated|translated|recorded|generated|typed)\s+(?:by|with|from|via|using|in)\s+[^\],;.!?\n]{1,40}\]|\[(?:pasted text|image|file)\s*#\d+[^\]\n]{0,24}\]/gi;

/** A message without the markers tools insert in it; its own words as they were. */
export function withoutToolMarkers(text: string): string {
  return text.replace(TOOL_MARKER, '');
}
