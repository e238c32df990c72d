/** The model port over the person's installed Claude Code (`claude -p`, their own login, no trace left). */
export { ClaudeCodeModel, DEFAULT_CLAUDE_MODEL, type ClaudeCodeModelOptions } from './claudeCodeModel.js';
export { assertClaudeCodeSupported, claudeCodeLoggedIn } from './claudeCodeSupport.js';
export { NO_TRACE_ENV, NO_TRACE_FLAGS } from './claudeArgs.js';
