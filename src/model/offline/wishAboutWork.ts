/**
 * What the person wants of the work, said in the first person (decision 106): "I only want to keep
 * the AppImage as of now, so we need to…" decides something about the project; it tells nothing of
 * who the person is, though it opens the way "I only use a Mac, so…" does. The verb acts on the
 * project (keep, use, support, ship, drop, deploy…) and names a thing of it: the person's own
 * editor, tool or hours ("I only want to use vim", "…to work in the mornings") are theirs
 * (decision 106, amended).
 */
const WISH =
  /^I\s+(?:only\s+|just\s+|really\s+)?(?:want|wanted|would like|'d like)\s+to\s+(?:keep|use|support|ship|drop|deploy|release|publish|target|maintain)\s+(?!(?:my|mine|a|an|vim|neovim|nvim|emacs|vs\s?code|vscode|cursor|zed|sublime|nano|helix|intellij|webstorm|pycharm|jetbrains|tmux|zsh|fish|bash|iterm2?|warp)\b)\S/i;

/** Whether a first-person sentence is a wish about the work rather than a fact about the person. */
export function isWishAboutWork(sentence: string): boolean {
  return WISH.test(sentence);
}
