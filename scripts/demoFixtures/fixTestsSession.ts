import { ACME_CWD, ACME_SKILLS, CONFIG_DIR, acmeFiles, projectDirName, vitestOutput } from './acmeShop.js';
import { Clock, Ids } from './ids.js';
import { SessionWriter, openingAttachments, text, thinking, tool } from './sessionWriter.js';
import { Workspace, bash, createFile } from './tools.js';

export interface FixTestsSession {
  writer: SessionWriter;
  /** Memory files as they end up on disk, by file name. */
  memory: Record<string, string>;
  parallelPieces: string[];
}

const FAILING_RUN = [
  ' ❯ test/cart.test.ts (3 tests | 1 failed) 7ms',
  '   ✓ cartTotal > adds tax to the subtotal 1ms',
  '   × cartTotal > applies a 10% discount before tax 4ms',
  '     → expected 89.1 to be 99 // Object.is equality',
  '   ✓ cartTotal > returns 0 for an empty cart 0ms',
  '',
  ' FAIL  test/cart.test.ts > cartTotal > applies a 10% discount before tax',
  'AssertionError: expected 89.1 to be 99 // Object.is equality',
  '',
  '- Expected',
  '+ Received',
  '',
  '- 99',
  '+ 89.1',
  '',
  ' ❯ test/cart.test.ts:15:34',
  '',
  ' Test Files  1 failed (1)',
  '      Tests  1 failed | 2 passed (3)',
  '   Duration  412ms',
];

const PASSING_RUN = [
  ' ✓ test/cart.test.ts (3 tests) 3ms',
  '',
  ' Test Files  1 passed (1)',
  '      Tests  3 passed (3)',
  '   Duration  388ms',
];

const FULL_RUN = [
  ' ✓ test/pricing.test.ts (4 tests) 2ms',
  ' ✓ test/cart.test.ts (3 tests) 3ms',
  ' ✓ test/coupons.test.ts (5 tests) 4ms',
  ' ✓ test/checkout.test.ts (5 tests) 9ms',
  '',
  ' Test Files  4 passed (4)',
  '      Tests  17 passed (17)',
  '   Duration  603ms',
];

const TOPIC_BODY = [
  '',
  'Use pnpm, not npm, for everything in this project: `pnpm install`, `pnpm test`, `pnpm run <script>`.',
  '',
  '**Why:** the user said they prefer pnpm over npm for acme-shop.',
  '',
  '**How to apply:** translate any npm command to its pnpm form before running or suggesting it.',
  '',
];

function topicFile(extraMetadata: string[]): string {
  return [
    '---',
    'name: prefer-pnpm',
    'description: Use pnpm instead of npm for installs and scripts in acme-shop',
    'metadata:',
    ...extraMetadata,
    '---',
    ...TOPIC_BODY,
  ].join('\n');
}

/** Session 1: a failing cart test fixed, a correction, a remembered preference, a branch commit. */
export function fixTestsSession(): FixTestsSession {
  const ids = new Ids('memlog-demo:acme-shop:fix-tests');
  const clock = Clock.at('2026-03-02T09:14:05.000Z');
  const w = new SessionWriter({ cwd: ACME_CWD, sessionId: ids.uuid(), gitBranch: 'main', clock, ids, cacheRead: 8_140 });
  const ws = new Workspace(ACME_CWD, acmeFiles());
  w.aiTitle = 'Fix double-applied cart discount';

  w.prompt('`test/cart.test.ts` started failing after the discount refactor. Can you find out why and fix it?');
  openingAttachments(w, ACME_SKILLS);
  w.metadata();
  const failing = bash('npm test -- test/cart.test.ts', 'Run the cart tests', {
    stdout: vitestOutput('npm', 'test/cart.test.ts', FAILING_RUN),
    exitCode: 1,
  });
  w.say(
    [
      thinking(
        'The user says the cart test broke after the discount refactor. Run that file first to see the actual assertion before reading code.',
      ),
      text('Let me run the failing test file first.'),
      tool(failing),
    ],
    { create: 2_410, out: 186 },
  );
  w.result(failing, 2_900);

  const readCart = ws.read('src/cart.ts');
  const grep = ws.grep('applyDiscount', 'src');
  const [, readPiece, grepPiece] = w.say(
    [
      text("The discounted case comes out one extra 10% too low. I'll read `cartTotal` and check where `applyDiscount` is used."),
      tool(readCart),
      tool(grep),
    ],
    { create: 1_980, out: 142 },
  );
  w.result(grep, 300);
  w.result(readCart, 200);

  const fix = ws.edit(
    'src/cart.ts',
    [
      '  const taxed = applyDiscount(subtotal, discountPercent) * (1 + TAX_RATE);',
      '  return Math.round(applyDiscount(taxed, discountPercent) * 100) / 100;',
    ].join('\n'),
    ['  var discounted = applyDiscount(subtotal, discountPercent);', '  return Math.round(discounted * (1 + TAX_RATE) * 100) / 100;'].join(
      '\n',
    ),
  );
  w.say(
    [
      thinking(
        'cartTotal discounts the subtotal and then discounts the taxed amount again: 100 → 90 → 99 → 89.1. pricing.ts only does the arithmetic, so the fix belongs in cartTotal: discount once, then add tax.',
      ),
      text("Found it: `cartTotal` applies the discount twice — once to the subtotal and again after tax. I'll apply it once, before tax."),
      tool(fix),
    ],
    { create: 3_120, out: 412 },
  );
  w.result(fix, 400);
  const passing = bash('npm test -- test/cart.test.ts', 'Re-run the cart tests', {
    stdout: vitestOutput('npm', 'test/cart.test.ts', PASSING_RUN),
  });
  w.say([tool(passing)], { create: 1_460, out: 96 });
  w.result(passing, 2_700);
  w.say(
    [
      text(
        'Fixed. `cartTotal` in `src/cart.ts` called `applyDiscount` on the subtotal and again on the taxed total, so a 10% discount came out as 19%. It now discounts the subtotal once and then adds tax. All 3 tests in `test/cart.test.ts` pass.',
      ),
    ],
    { create: 1_290, out: 118 },
  );
  w.endTurn();

  w.setPermissionMode('acceptEdits');
  w.prompt("No — don't use `var`, always use `const` in this codebase.");
  const constFix = ws.edit('src/cart.ts', '  var discounted', '  const discounted');
  w.say([text("You're right, sorry about that. Switching it to `const`."), tool(constFix)], { create: 1_840, out: 104 });
  w.result(constFix, 350);
  const suite = bash('npm test', 'Run the full test suite', { stdout: vitestOutput('npm', '', FULL_RUN) });
  w.say([tool(suite)], { create: 1_530, out: 88 });
  w.result(suite, 3_400);
  w.say(
    [
      text(
        "Changed `var discounted` to `const discounted`; the full suite still passes (17 tests). I'll stick to `const` — or `let` where a value really is reassigned — in this codebase.",
      ),
    ],
    { create: 1_710, out: 131 },
  );
  w.endTurn();

  w.prompt('Remember that I prefer pnpm over npm for this project.');
  const memoryDir = `${CONFIG_DIR}/projects/${projectDirName(ACME_CWD)}/memory`;
  const topicPath = `${memoryDir}/prefer-pnpm.md`;
  const requested = topicFile(['  type: feedback']);
  const saveTopic = createFile(topicPath, requested, requested, true);
  w.say(
    [
      thinking('A lasting tooling preference for this project. Save it as a feedback memory, then add a line to the MEMORY.md index.'),
      text("I'll save that to memory."),
      tool(saveTopic),
    ],
    { create: 2_260, out: 388 },
  );
  // Claude Code stamps memory frontmatter while writing, so the stored file differs from the request.
  const modified = new Date(clock.epochMs() + 70).toISOString();
  const stamped = topicFile(['  node_type: memory', '  type: feedback', `  originSessionId: ${w.sessionId}`, `  modified: ${modified}`]);
  saveTopic.toolUseResult = createFile(topicPath, requested, stamped, true).toolUseResult;
  w.result(saveTopic, 120);
  const index = '- [Prefers pnpm](prefer-pnpm.md) — use pnpm, not npm, for acme-shop commands\n';
  const saveIndex = createFile(`${memoryDir}/MEMORY.md`, index, index, false);
  w.say([tool(saveIndex)], { create: 1_380, out: 96 });
  w.result(saveIndex, 90);
  w.say([text("Saved. From now on I'll use pnpm here: `pnpm install`, `pnpm test`, `pnpm run lint`.")], { create: 1_150, out: 74 });
  w.endTurn();

  w.prompt('Great, please commit the fix. And never commit directly to main — put it on a branch.');
  const branch = bash('git checkout -b fix/cart-discount', 'Create a branch for the fix', {
    stderr: "Switched to a new branch 'fix/cart-discount'",
  });
  w.say([text("I'll create a branch first, then commit only `src/cart.ts`."), tool(branch)], { create: 1_620, out: 118 });
  w.result(branch, 600);
  w.gitBranch = 'fix/cart-discount';
  const commit = bash('git add src/cart.ts && git commit -m "fix(cart): apply discount once, before tax"', 'Commit the cart fix', {
    stdout: '[fix/cart-discount 4e1b7a2] fix(cart): apply discount once, before tax\n 1 file changed, 2 insertions(+), 2 deletions(-)',
  });
  w.say([tool(commit)], { create: 1_240, out: 102 });
  w.result(commit, 800);
  w.say([text('Committed on the new branch `fix/cart-discount` (4e1b7a2). Nothing was pushed and `main` is untouched.')], {
    create: 980,
    out: 96,
  });
  w.endTurn();

  if (readPiece === undefined || grepPiece === undefined) throw new Error('parallel pieces missing');
  return { writer: w, memory: { 'MEMORY.md': index, 'prefer-pnpm.md': stamped }, parallelPieces: [readPiece, grepPiece] };
}
