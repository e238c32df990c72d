import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assistantEntry, text, userEntry } from '../../src/testing/entryBuilders.js';
import { tempDir } from './tempDir.js';

/**
 * A small project for backfill tests against a local Anthropic API: two sessions of a few
 * turns each, every prompt with its own uuid and timestamp, and a scripted model answer
 * (`answerChunk`) that reads the chunk out of the request the way a model would and cites the
 * messages it found something in. With `chunkTokens: 1` every turn is a chunk of its own.
 */
export const PROJECT = '-home-dev-shop';

interface Turn {
  readonly prompt: string;
  readonly reply: string;
}

const SESSIONS: ReadonlyArray<{ readonly id: string; readonly day: string; readonly turns: readonly Turn[] }> = [
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    day: '2026-03-02',
    turns: [
      { prompt: 'Remember that I prefer pnpm over npm for every package in this repo.', reply: 'Noted: pnpm from now on.' },
      { prompt: 'The staging deploy is frozen until the release on 2026-03-20.', reply: 'Understood, no staging deploys.' },
      { prompt: 'Please rename the helper in utils to parseEntry.', reply: 'Renamed.' },
    ],
  },
  {
    id: 'bbbbbbbb-0000-4000-8000-000000000002',
    day: '2026-03-05',
    turns: [
      { prompt: 'Our incident dashboard lives at grafana.acme.test/d/incidents, check it first.', reply: 'I will look there first.' },
      { prompt: 'Thanks, that is all for today.', reply: 'Bye.' },
    ],
  },
];

/** What the scripted model finds in a prompt, by a word in it. */
const FINDINGS: ReadonlyArray<{ readonly word: string; readonly type: string; readonly name: string }> = [
  { word: 'pnpm', type: 'feedback', name: 'Package manager: pnpm' },
  { word: 'frozen', type: 'project', name: 'Staging deploy freeze' },
  { word: 'dashboard', type: 'reference', name: 'Incident dashboard' },
];

export interface WrittenPrompt {
  readonly session: string;
  readonly uuid: string;
  readonly timestamp: string;
  readonly text: string;
}

/** Writes the project under a fresh root; returns the root and every prompt, in order. */
export function writeBackfillProject(): { readonly root: string; readonly prompts: readonly WrittenPrompt[] } {
  const root = tempDir();
  mkdirSync(join(root, PROJECT));
  const prompts: WrittenPrompt[] = [];
  for (const session of SESSIONS) {
    writeFileSync(join(root, PROJECT, `${session.id}.jsonl`), '');
    session.turns.forEach((turn, i) => prompts.push(appendTurn(root, session.id, session.day, i, turn)));
  }
  return { root, prompts };
}

/** A turn more at the end of the second session (a live session that went on), saying something worth keeping. */
export function growSecondSession(root: string): WrittenPrompt {
  const session = SESSIONS[1]!;
  const turn = { prompt: 'Remember that the frozen staging deploy also blocks hotfixes.', reply: 'Understood.' };
  return appendTurn(root, session.id, session.day, session.turns.length, turn);
}

function appendTurn(root: string, sessionId: string, day: string, i: number, turn: Turn): WrittenPrompt {
  const tag = sessionId.slice(0, 8);
  const timestamp = `${day}T10:0${i}:00.000Z`;
  const uuid = `${tag}-prompt-${i + 1}`;
  const replyUuid = `${tag}-reply-${i + 1}`;
  const prompt = userEntry(uuid, turn.prompt, { parentUuid: i === 0 ? null : `${tag}-reply-${i}`, sessionId, timestamp });
  const reply = assistantEntry(replyUuid, `msg_${tag}_${i + 1}`, text(turn.reply), {
    parentUuid: uuid,
    sessionId,
    timestamp: `${day}T10:0${i}:30.000Z`,
    stopReason: 'end_turn',
  });
  appendFileSync(join(root, PROJECT, `${sessionId}.jsonl`), `${JSON.stringify(prompt)}\n${JSON.stringify(reply)}\n`);
  return { session: sessionId, uuid, timestamp, text: turn.prompt };
}

/** The prompt a chunk request sends (the one user message), from the request body as the API receives it. */
export function promptOf(body: Record<string, unknown>): string {
  const [message] = body['messages'] as Array<{ content: string | Array<{ type: string; text?: string }> }>;
  const content = message?.content ?? '';
  return typeof content === 'string' ? content : content.map((block) => block.text ?? '').join('');
}

/** The messages a chunk request shows, as `<message uuid=… from=…>` blocks. */
export function chunkMessagesOf(
  body: Record<string, unknown>,
): Array<{ readonly uuid: string; readonly from: string; readonly text: string }> {
  return [...promptOf(body).matchAll(/<message uuid="([^"]+)" from="([^"]+)">\n([\s\S]*?)\n<\/message>/g)].map((m) => ({
    uuid: m[1]!,
    from: m[2]!,
    text: m[3]!,
  }));
}

/**
 * The model's answer to a chunk: one `record_candidates` call with a candidate for each prompt
 * that says something worth keeping, citing that prompt and a uuid from outside the chunk
 * (which memlog must drop).
 */
export function answerChunk(body: Record<string, unknown>): unknown[] {
  const candidates = chunkMessagesOf(body).flatMap((message) => {
    const found = FINDINGS.find((f) => message.from === 'person' && message.text.includes(f.word));
    return found === undefined
      ? []
      : [
          {
            type: found.type,
            name: found.name,
            description: message.text,
            body: `${message.text}\n\n**Why:** said in the session.\n**How to apply:** follow it.`,
            sources: [message.uuid, 'not-in-this-chunk'],
          },
        ];
  });
  const first = chunkMessagesOf(body)[0]?.uuid ?? 'none';
  return [{ type: 'tool_use', id: `toolu_${first.replace(/[^A-Za-z0-9]/g, '')}`, name: 'record_candidates', input: { candidates } }];
}

/** The first message a chunk request shows: the chunk's id. */
export const chunkIdOf = (body: Record<string, unknown>): string => chunkMessagesOf(body)[0]?.uuid ?? '';
