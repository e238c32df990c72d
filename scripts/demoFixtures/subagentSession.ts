import { ACME_CWD, ACME_SKILLS, acmeFiles } from './acmeShop.js';
import { Clock, Ids } from './ids.js';
import { MODEL, SessionWriter, openingAttachments, text, thinking, tool } from './sessionWriter.js';
import { type JsonObject, Workspace, agent } from './tools.js';

export interface SubagentSession {
  writer: SessionWriter;
  sidechain: SessionWriter;
  agentId: string;
  meta: JsonObject;
}

const TASK = [
  'Trace how a coupon code travels through checkout in this repo.',
  'Find where codes are looked up, how the discount reaches the total, and any validation gaps.',
  'Read-only: do not edit files. Report file paths and function names.',
].join(' ');

const REPORT = [
  'Coupon handling is small and lives in two files:',
  '',
  '1. `src/checkout.ts` — `checkout()` looks up `request.couponCode` with `findCoupon()` and, if the coupon is active, passes its `percentOff` to `cartTotal()` as the discount. The response carries the normalized coupon code or `null`.',
  '2. `src/coupons.ts` — `findCoupon()` trims and upper-cases the code, then searches an in-memory list of three coupons (`WELCOME10`, `SPRING25`, `STAFF50`).',
  '',
  'Worth knowing:',
  '- `expiresAt` is stored but never checked, so `SPRING25` keeps working after 2026-04-30.',
  '- An inactive or unknown code silently gives no discount; the caller cannot tell which happened.',
  '- The discount itself is applied in `cartTotal()` (`src/cart.ts`), before tax.',
].join('\n');

/** Session 2: the main agent delegates a read-only investigation to an Explore subagent. */
export function subagentSession(): SubagentSession {
  const ids = new Ids('memlog-demo:acme-shop:subagent');
  const clock = Clock.at('2026-03-03T14:02:10.000Z');
  const w = new SessionWriter({ cwd: ACME_CWD, sessionId: ids.uuid(), gitBranch: 'main', clock, ids, cacheRead: 8_420 });
  const ws = new Workspace(ACME_CWD, acmeFiles());
  w.aiTitle = 'Explain checkout coupon handling';

  w.prompt("How does checkout handle coupon codes end to end? Use an agent to dig through it so we don't fill up this conversation.");
  openingAttachments(w, ACME_SKILLS);
  w.metadata();
  const explore = agent('Trace coupon handling in checkout', TASK, 'Explore');
  w.say(
    [
      thinking('A read-only investigation across a few files. An Explore agent can do the reading and hand back a short report.'),
      text("I'll have an Explore agent trace the coupon flow."),
      tool(explore),
    ],
    { create: 2_380, out: 164 },
  );

  const agentId = ids.agentId();
  const startMs = clock.epochMs();
  const s = new SessionWriter({
    cwd: ACME_CWD,
    sessionId: w.sessionId,
    gitBranch: w.gitBranch,
    clock,
    ids,
    cacheRead: 4_310,
    sidechain: { agentId, promptId: w.promptId, agentType: 'Explore' },
  });
  s.taskPrompt(TASK);
  const date = clock.iso().slice(0, 10);
  s.attachment({ type: 'date', date }, `Today's date is ${date}.`);
  const grep = ws.grep('findCoupon', 'src');
  s.say([text('Starting with where coupon codes are looked up.'), tool(grep)], { create: 1_240, out: 96 });
  s.result(grep, 250);
  const readCheckout = ws.read('src/checkout.ts');
  s.say([tool(readCheckout)], { create: 610, out: 58 });
  s.result(readCheckout, 150);
  const readCoupons = ws.read('src/coupons.ts');
  s.say([tool(readCoupons)], { create: 820, out: 61 });
  s.result(readCoupons, 150);
  s.say([text(REPORT)], { create: 940, out: 342 });

  const durationMs = clock.epochMs() - startMs;
  const tokens = s.lastCallTokens;
  explore.content = [
    { type: 'text', text: REPORT },
    {
      type: 'text',
      text: `agentId: ${agentId} (use SendMessage with to: '${agentId}', summary: '<5-10 word recap>' to continue this agent)\n<usage>subagent_tokens: ${tokens}\ntool_uses: 3\nduration_ms: ${durationMs}</usage>`,
    },
  ];
  explore.toolUseResult = {
    status: 'completed',
    prompt: TASK,
    agentId,
    agentType: 'Explore',
    content: [{ type: 'text', text: REPORT }],
    resolvedModel: MODEL,
    totalDurationMs: durationMs,
    totalTokens: tokens,
    totalToolUseCount: 3,
    usage: s.lastUsage,
    toolStats: { readCount: 2, searchCount: 1, bashCount: 0, editFileCount: 0, linesAdded: 0, linesRemoved: 0, otherToolCount: 0 },
  };
  w.result(explore, 400);
  w.say(
    [
      text(
        "Coupons are looked up in `findCoupon()` (`src/coupons.ts`) and applied in `checkout()` (`src/checkout.ts`), which hands the active coupon's percentage to `cartTotal()`. Two gaps: `expiresAt` is never checked, so expired codes still work, and an unknown code is indistinguishable from an inactive one.",
      ),
    ],
    { create: 1_310, out: 121 },
  );
  w.endTurn();

  w.prompt(
    "Thanks, that's clear. Don't change anything yet — I prefer small focused commits, so the expiry check will be its own change later.",
  );
  w.say(
    [
      text(
        "Understood, no changes for now. When we pick it up I'll keep it to one focused commit: the `expiresAt` check in `findCoupon()` plus a test for an expired code, nothing else.",
      ),
    ],
    { create: 870, out: 88 },
  );
  w.endTurn();

  const meta = {
    agentType: 'Explore',
    isBuiltIn: true,
    description: 'Trace coupon handling in checkout',
    toolUseId: explore.id,
    spawnDepth: 1,
    model: MODEL,
    finished: true,
  };
  return { writer: w, sidechain: s, agentId, meta };
}
