/**
 * An identifier as code writes it, not as prose does: camelCase, PascalCase with a second capital, snake_case, a member
 * after a dot (`state.PendingCount`), a call (`t.Run()`). Read by the kinds that tell code apart from the person's words
 * (decisions 144 and 149).
 */
export const CODE_IDENTIFIER = String.raw`(?:\b[a-z]+[A-Z]\w*|\b[A-Z][a-z0-9]+[A-Z]\w*|\b[a-z][a-z0-9]*_[a-z0-9_]+\w*|\b\w+\.[A-Z]\w*|\b[\w.]+\(\))`;
