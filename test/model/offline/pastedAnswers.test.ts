import { describe, expect, it } from 'vitest';
import { withoutPastedAnswer } from '../../../src/model/offline/pastedAnswers.js';
import { keptAlone } from '../../support/keptAfterAWorkTurn.js';

// Another assistant's answer, API examples and a plan's labelled steps pasted into a prompt are not the person's rules or
// facts (decision 134). Example texts written for these tests.

describe('pasted material is not kept', () => {
  it("another assistant's answer, announced after a colon or not at all", () => {
    expect(
      keptAlone(
        "lets fix the upload first: Looking at the error message and the spec, I can identify the key issues:\n\n1. Keep the POST method.\n2. Use 'file' instead of 'pdf_file' in the form data.\n\nLet me know if you'd like me to explain any part in more detail!",
      ),
    ).toEqual([]);
    expect(keptAlone("Here's an updated version of the handler. Don't set any headers in the fetch call.")).toEqual([]);
    expect(keptAlone('Avoid CORS issues by proxying through your server. Always validate the payload.\n\nI hope this helps!')).toEqual([]);
  });

  it('an API example: JSON members and a curl call', () => {
    expect(keptAlone('The API returns this:\n{\n  "area": "Incident Response",\n  "owner": "security team"\n}')).toEqual([]);
    expect(keptAlone("docs: curl -X 'POST' \\\n  'https://example.org/scan?url=x' \\\n  -H 'accept: application/json'")).toEqual([]);
  });

  it('a bug\'s cause said with "never"', () => {
    expect(keptAlone('The main loop crashes because the list is created empty but never filled.')).toEqual([]);
  });

  it("a plan's labelled steps", () => {
    expect(keptAlone('Step 4: Enforce the frame budget with in-flight frames (45 min).')).toEqual([]);
    expect(keptAlone('Priority 1: Render scale controller (target: 8 ms budget)')).toEqual([]);
  });
});

describe("the person's own words around it stay kept", () => {
  it('a rule after the sign-off, a rule after "let me explain", a question answered by the person', () => {
    expect(
      keptAlone('Avoid CORS issues by proxying through your server.\n\nI hope this helps!\n\nFrom now on always use pnpm in this repo.'),
    ).toEqual(['From now on always use pnpm in this repo.']);
    expect(keptAlone('Let me explain what I want: from now on we always use pnpm in this repo.')).not.toEqual([]);
    expect(keptAlone('Would you like me to stop? No. Always run the linter before committing.')).toEqual([
      'Always run the linter before committing.',
    ]);
  });

  it("the person's own openings and politeness, a rule after the answer, a step with a lasting word (review 21)", () => {
    expect(
      keptAlone(
        'Looking at the error, I can see it fails in the parser. Can you fix it? Also, we never use regex for parsing in this codebase.',
      ),
    ).toEqual(['We never use regex for parsing in this codebase.']);
    expect(keptAlone('Use pnpm, never npm. Feel free to ask if anything is unclear.')).not.toEqual([]);
    expect(
      keptAlone(
        "ChatGPT told me this:\n\nI'll help you fix the upload. Keep the POST method.\n\nThat didn't work. For this repo, we always send files as multipart.",
      ),
    ).toEqual(["That didn't work. For this repo, we always send files as multipart."]);
    expect(keptAlone('Step 1: always run the migrations before seeding.')).not.toEqual([]);
  });

  it('a line the person ends with a backslash is theirs', () => {
    expect(keptAlone('i want the release to be one flow \\\nit needs to be 1 command, always.')).not.toEqual([]);
  });
});

describe('withoutPastedAnswer', () => {
  it('keeps what stands before an answer opens, and what follows a lone sign-off', () => {
    expect(withoutPastedAnswer(['Fix the upload.', 'Let me analyze the issue.', 'Keep the POST method.'])).toEqual(['Fix the upload.']);
    expect(withoutPastedAnswer(['Keep the POST method.', 'Hope this helps!', 'Never push to main.'])).toEqual(['Never push to main.']);
    expect(withoutPastedAnswer(['Never push to main.'])).toEqual(['Never push to main.']);
  });
});
