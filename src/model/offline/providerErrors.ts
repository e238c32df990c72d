/**
 * An error a provider's API or CLI returned, pasted into a prompt (decision 135). Decisions 101 and 106 know a pasted
 * error by a line a runtime prints (`TypeError: …`, `error: …`, `[ERROR]`) or by the person's line announcing it ("here's
 * the error:"); a cloud provider's message opens otherwise ("Error: Error creating Repository: googleapi: Error 403: …")
 * and ends with advice to its own reader ("If you enabled this API recently, wait a few minutes for the action to
 * propagate to our systems and retry"), which read as a norm of the person's. What follows such a label is the service's
 * message, and so is that advice wherever it stands.
 */

/**
 * A label an error message opens with: "Error:", "Error 403:", "ERROR:", an API client's name before an error ("googleapi: Error"),
 * an HTTP status with its reason ("403 Forbidden:"), an error code in brackets or a provider's error name
 * ("AccessDeniedException:", "QuotaExceeded:"); "openapi: 3.1" is no error.
 */
const ERROR_LABEL = String.raw`(?:(?:Error|ERROR)(?:\s+\d{3})?\s*:|[a-z][a-z0-9]*api\s*:\s*(?:Error|ERROR|error)\b|(?:botocore|boto3|azure|gcloud|aws|az|kubectl|terraform|pulumi)(?:\.\w+)*\s*:\s*(?:error|Error|ERROR)\b|\d{3}\s+(?:Bad Request|Unauthorized|Forbidden|Not Found|Conflict|Too Many Requests|Internal Server Error|Service Unavailable)\s*:|\(?[A-Z][a-z]+(?:[A-Z][a-z]+)*(?:Exception|Denied|NotFound|Exceeded)\)?\s*:)`;

/** A line that opens with an error's label, maybe after a marker: the service's message from its first word. */
const OPENS_WITH_ERROR = new RegExp(String.raw`^\s*(?:[•*-]\s*)?${ERROR_LABEL}\s*\S`);

/**
 * An error's label after the person's words on the same line ("the deploy stops with Error 403: …"): a label with a
 * status code or a client's name, which prose does not write; a bare "error:" after words may be the person's own
 * ("one more error: the tests are slow"). The sentence that leads into it goes with it: it announces the message and
 * says nothing alone, while the person's sentences before it stay.
 */
const INLINE_ERROR = /\b(?:(?:Error|ERROR)\s+\d{3}\s*:|[a-z][a-z0-9]*api\s*:\s*(?:Error|ERROR)\b|Error\s*:\s*Error\b)/;

/**
 * The service's advice to its own reader: it speaks of itself as "our systems / servers / service", tells the reader
 * what to do if they did something "recently" or think this is "in error", or sends them to its support. A person's rule
 * of the same shape ("if the deploy fails, wait a few minutes and retry") speaks of their own work.
 */
const SERVICE_ADVICE =
  /\b(?:to|on|in|from|by)\s+our\s+(?:systems?|servers?|service|backend|infrastructure)\b|\bif you (?:have\s+)?(?:enabled|disabled|created|changed|updated|requested)\s+(?:this|the|your)\s+[\w\s]{1,40}?\brecently\b|\bif you believe (?:this|that) (?:is|was) (?:an? )?(?:error|mistake|in error)\b|\bcontact (?:your (?:administrator|admin|organization)|(?:our )?support|the (?:project|organization) (?:owner|administrator))\b/i;

/** Whether a line is a provider's error message from its first word. */
export const isProviderErrorLine = (line: string): boolean => OPENS_WITH_ERROR.test(line);

/** A line without the error message the person pasted after their own words on it. */
export function withoutInlineError(line: string): string {
  const label = INLINE_ERROR.exec(line);
  if (label === null || line.slice(0, label.index).trim() === '') return line;
  return line.slice(0, sentenceStart(line, label.index));
}

/** Where the sentence that holds a position starts: after the last sentence end before it, else the line's start. */
function sentenceStart(line: string, position: number): number {
  for (let i = position - 1; i > 0; i--) if (/\s/.test(line[i] ?? '') && /[.!?]/.test(line[i - 1] ?? '')) return i + 1;
  return 0;
}

/** Whether a sentence is a service's advice to the reader of its error message. */
export const isServiceAdvice = (sentence: string): boolean => SERVICE_ADVICE.test(sentence);
