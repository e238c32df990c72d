import { ACME_CWD, ACME_SKILLS, acmeFiles, vitestOutput } from './acmeShop.js';
import { Clock, Ids } from './ids.js';
import { type CompactIds, type Piece, SessionWriter, openingAttachments, text, thinking, tool } from './sessionWriter.js';
import { type ToolCall, Workspace, bash } from './tools.js';

export interface CompactedSession {
  writer: SessionWriter;
  compaction: CompactIds;
  preTokens: number;
}

const PARSE_LINES = [
  '  const page = Math.max(1, Number(req.query.page) || 1);',
  '  const pageSize = Math.min(100, Math.max(1, Number(req.query.pageSize) || 20));',
].join('\n');
const PARSE_CALL = '  const { page, pageSize, offset } = parsePagination(req.query);';

const PAGINATION_TS = [
  'export const DEFAULT_PAGE_SIZE = 20;',
  'export const MAX_PAGE_SIZE = 100;',
  '',
  'export interface Pagination {',
  '  page: number;',
  '  pageSize: number;',
  '  offset: number;',
  '}',
  '',
  '/** Reads `page` and `pageSize` from a query string, clamped to sane bounds. */',
  'export function parsePagination(query: Record<string, unknown>): Pagination {',
  '  const page = Math.max(1, Number(query.page) || 1);',
  '  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(query.pageSize) || DEFAULT_PAGE_SIZE));',
  '  return { page, pageSize, offset: (page - 1) * pageSize };',
  '}',
  '',
].join('\n');

const PAGINATION_TEST = [
  "import request from 'supertest';",
  "import { beforeEach, describe, expect, it, vi } from 'vitest';",
  "import { app } from '../src/app.js';",
  "import { db } from '../src/db/client.js';",
  '',
  "vi.mock('../src/db/client.js', () => ({",
  '  db: { order: { findMany: vi.fn().mockResolvedValue([]) } },',
  '}));',
  '',
  "describe('GET /api/orders pagination', () => {",
  '  beforeEach(() => vi.clearAllMocks());',
  '',
  "  it('defaults to page 1 with 20 orders', async () => {",
  "    const res = await request(app).get('/api/orders');",
  '    expect(res.body).toMatchObject({ page: 1, pageSize: 20 });',
  '    expect(db.order.findMany).toHaveBeenCalledWith(expect.objectContaining({ take: 20, skip: 0 }));',
  '  });',
  '',
  "  it('caps pageSize at 100', async () => {",
  "    const res = await request(app).get('/api/orders?page=3&pageSize=500');",
  '    expect(res.body).toMatchObject({ page: 3, pageSize: 100 });',
  '    expect(db.order.findMany).toHaveBeenCalledWith(expect.objectContaining({ take: 100, skip: 200 }));',
  '  });',
  '});',
  '',
].join('\n');

const pass = (files: number, tests: number, ms: number): string[] => [
  ` Test Files  ${files} passed (${files})`,
  `      Tests  ${tests} passed (${tests})`,
  `   Duration  ${ms}ms`,
];

const PROMPTS = [
  'Add pagination to GET /api/orders: `page` and `pageSize` query params, default page size 20, max 100.',
  "Can you also include the total number of orders in the response? Keep page numbers, I don't want cursors.",
  'Make the products and customers list endpoints paginate the same way.',
  'The page/pageSize parsing is now copied three times. Extract it into a helper in src/lib/pagination.ts.',
  "Always run the linter before you say you're done.",
  'Looks good, thanks!',
];

function prompt(index: number): string {
  const value = PROMPTS[index];
  if (value === undefined) throw new Error(`no prompt ${index}`);
  return value;
}

/** Edit whose old_string runs from `from` to the end of `to`, with `swaps` applied inside it. */
function rewrite(ws: Workspace, path: string, from: string, to: string, swaps: [string, string][]): ToolCall {
  const source = ws.text(path);
  const start = source.indexOf(from);
  const end = source.indexOf(to, start) + to.length;
  const old = source.slice(start, end);
  return ws.edit(
    path,
    old,
    swaps.reduce((acc, [a, b]) => acc.replace(a, b), old),
  );
}

function listRouteEdit(ws: Workspace, name: string, model: string, orderBy: string): ToolCall {
  return rewrite(ws, `src/routes/${name}.ts`, `${name}Router.get(`, '});', [
    ['(_req, res)', '(req, res)'],
    [
      `  const ${name} = await db.${model}.findMany({ orderBy: ${orderBy} });`,
      `${PARSE_LINES}\n  const [${name}, totalCount] = await Promise.all([\n    db.${model}.findMany({ orderBy: ${orderBy}, take: pageSize, skip: (page - 1) * pageSize }),\n    db.${model}.count(),\n  ]);`,
    ],
    [`res.json({ ${name} })`, `res.json({ ${name}, page, pageSize, totalCount })`],
  ]);
}

function useHelper(ws: Workspace, name: string, importList: string): ToolCall {
  return rewrite(ws, `src/routes/${name}.ts`, "import { Router } from 'express';", 'skip: (page - 1) * pageSize', [
    [
      "import { db } from '../db/client.js';",
      `import { db } from '../db/client.js';\nimport { ${importList} } from '../lib/pagination.js';`,
    ],
    [PARSE_LINES, PARSE_CALL],
    ['skip: (page - 1) * pageSize', 'skip: offset'],
  ]);
}

/** Session 3: a long pagination task that auto-compacts mid-turn, keeping its last four messages. */
export function compactedSession(): CompactedSession {
  const ids = new Ids('memlog-demo:acme-shop:compacted');
  const clock = Clock.at('2026-03-04T10:30:00.000Z');
  const w = new SessionWriter({ cwd: ACME_CWD, sessionId: ids.uuid(), gitBranch: 'feat/orders-pagination', clock, ids, cacheRead: 18_400 });
  const ws = new Workspace(ACME_CWD, acmeFiles());
  w.aiTitle = 'Paginate list endpoints';
  const run = (pieces: Piece[], create: number, out: number): void => {
    w.say(pieces, { create, out });
  };
  const step = (call: ToolCall, create: number, out: number, lead?: string, ms = 600): void => {
    run(lead === undefined ? [tool(call)] : [text(lead), tool(call)], create, out);
    w.result(call, ms);
  };

  w.prompt(prompt(0));
  openingAttachments(w, ACME_SKILLS);
  w.metadata();
  const readRoute = ws.read('src/routes/orders.ts');
  run(
    [
      thinking('Pagination touches the route (parsing) and the db query (take/skip). Read both before editing.'),
      text("I'll look at the orders route and its query first."),
      tool(readRoute),
    ],
    4_100,
    214,
  );
  w.result(readRoute, 200);
  step(ws.read('src/db/orders.ts'), 3_900, 71);
  step(
    ws.edit('src/db/orders.ts', '  customerId?: string;\n}', '  customerId?: string;\n  limit: number;\n  offset: number;\n}'),
    4_200,
    164,
    'Adding `limit` and `offset` to the query type, then using them in `findMany`.',
  );
  step(
    ws.edit(
      'src/db/orders.ts',
      "    orderBy: { createdAt: 'desc' },\n  });",
      "    orderBy: { createdAt: 'desc' },\n    take: query.limit,\n    skip: query.offset,\n  });",
    ),
    3_600,
    118,
  );
  step(
    ws.edit(
      'src/routes/orders.ts',
      '  const orders = await listOrders({ customerId });\n  res.json({ orders });',
      `${PARSE_LINES}\n  const orders = await listOrders({ customerId, limit: pageSize, offset: (page - 1) * pageSize });\n  res.json({ orders, page, pageSize });`,
    ),
    4_300,
    236,
  );
  step(ws.write('test/orders.pagination.test.ts', PAGINATION_TEST), 5_200, 512, 'Adding a test for the defaults and the cap.');
  step(
    bash('pnpm test', 'Run the test suite', {
      stdout: vitestOutput('pnpm', '', [
        ' ✓ test/orders.pagination.test.ts (2 tests) 38ms',
        ' ✓ test/cart.test.ts (3 tests) 3ms',
        '',
        ...pass(6, 21, 911),
      ]),
    }),
    4_700,
    90,
    undefined,
    3_800,
  );
  run(
    [
      text(
        'Done. `GET /api/orders` now accepts `page` (default 1) and `pageSize` (default 20, capped at 100) and returns `{ orders, page, pageSize }`. The new test covers the defaults and the cap; all 21 tests pass.',
      ),
    ],
    6_600,
    141,
  );
  w.endTurn();

  w.prompt(prompt(1));
  step(
    ws.edit(
      'src/db/orders.ts',
      '    skip: query.offset,\n  });\n}',
      "    skip: query.offset,\n  });\n}\n\nexport async function countOrders(query: Pick<OrderQuery, 'customerId'>) {\n  return db.order.count({ where: query.customerId ? { customerId: query.customerId } : {} });\n}",
    ),
    6_700,
    204,
    "I'll add a count query next to `listOrders` and run both in parallel in the route.",
  );
  step(
    ws.edit(
      'src/routes/orders.ts',
      "import { listOrders } from '../db/orders.js';",
      "import { countOrders, listOrders } from '../db/orders.js';",
    ),
    5_300,
    77,
  );
  step(
    ws.edit(
      'src/routes/orders.ts',
      '  const orders = await listOrders({ customerId, limit: pageSize, offset: (page - 1) * pageSize });\n  res.json({ orders, page, pageSize });',
      '  const [orders, totalCount] = await Promise.all([\n    listOrders({ customerId, limit: pageSize, offset: (page - 1) * pageSize }),\n    countOrders({ customerId }),\n  ]);\n  res.json({ orders, page, pageSize, totalCount });',
    ),
    5_600,
    221,
  );
  step(ws.edit('test/orders.pagination.test.ts', '{ page: 1, pageSize: 20 }', '{ page: 1, pageSize: 20, totalCount: 0 }'), 5_900, 96);
  const failing = bash('pnpm test test/orders.pagination.test.ts', 'Run the pagination tests', {
    stdout: vitestOutput('pnpm', 'test/orders.pagination.test.ts', [
      ' ❯ test/orders.pagination.test.ts (2 tests | 2 failed) 41ms',
      '',
      ' FAIL  test/orders.pagination.test.ts > GET /api/orders pagination > defaults to page 1 with 20 orders',
      'TypeError: db.order.count is not a function',
      ' ❯ countOrders src/db/orders.ts:19:19',
      ' ❯ src/routes/orders.ts:12:5',
      '',
      ' Test Files  1 failed (1)',
      '      Tests  2 failed (2)',
    ]),
    stderr: ' ELIFECYCLE  Test failed. See above for more details.',
    exitCode: 1,
  });
  step(failing, 6_200, 84, undefined, 3_100);
  const mockFix = ws.edit(
    'test/orders.pagination.test.ts',
    'findMany: vi.fn().mockResolvedValue([]) }',
    'findMany: vi.fn().mockResolvedValue([]), count: vi.fn().mockResolvedValue(0) }',
  );
  run(
    [
      thinking('The route is fine; the db mock in the test only stubs findMany, so count is undefined.'),
      text("The test's db mock has no `count`. Adding it."),
      tool(mockFix),
    ],
    7_100,
    263,
  );
  w.result(mockFix, 300);
  step(
    bash('pnpm test', 'Run the test suite', {
      stdout: vitestOutput('pnpm', '', [' ✓ test/orders.pagination.test.ts (2 tests) 36ms', '', ...pass(6, 21, 894)]),
    }),
    5_400,
    88,
    undefined,
    3_600,
  );
  run(
    [
      text(
        'The orders response now includes `totalCount` from a `count` query that runs alongside the page query. I kept page numbers as you asked. All 21 tests pass.',
      ),
    ],
    6_800,
    126,
  );
  w.endTurn();

  w.prompt(prompt(2));
  step(ws.grep('findMany(', 'src'), 5_700, 92, 'Checking which endpoints list records.', 400);
  const readProducts = ws.read('src/routes/products.ts');
  const readCustomers = ws.read('src/routes/customers.ts');
  run([tool(readProducts), tool(readCustomers)], 6_400, 118);
  w.result(readCustomers, 180);
  w.result(readProducts, 60);
  step(
    listRouteEdit(ws, 'products', 'product', "{ name: 'asc' }"),
    5_900,
    298,
    'Both query the db directly. Applying the same parsing, limits and count to each.',
  );
  step(listRouteEdit(ws, 'customers', 'customer', "{ createdAt: 'desc' }"), 6_300, 287);
  step(bash('pnpm test', 'Run the test suite', { stdout: vitestOutput('pnpm', '', pass(6, 21, 902)) }), 5_800, 86, undefined, 3_500);
  run(
    [
      text(
        '`/api/products` and `/api/customers` now take the same `page`/`pageSize` params and return `page`, `pageSize` and `totalCount` alongside the items. Tests pass.',
      ),
    ],
    6_900,
    133,
  );
  w.endTurn();

  w.prompt(prompt(3));
  step(ws.write('src/lib/pagination.ts', PAGINATION_TS), 7_200, 342, 'Creating the helper first, then switching the three routes over.');
  step(
    rewrite(ws, 'src/routes/orders.ts', "import { Router } from 'express';", 'offset: (page - 1) * pageSize }),', [
      [
        "import { countOrders, listOrders } from '../db/orders.js';",
        "import { countOrders, listOrders } from '../db/orders.js';\nimport { parsePagination } from '../lib/pagination.js';",
      ],
      [PARSE_LINES, PARSE_CALL],
      ['offset: (page - 1) * pageSize }', 'offset }'],
    ]),
    6_500,
    231,
  );
  step(useHelper(ws, 'products', 'MAX_PAGE_SIZE, parsePagination'), 6_200, 226);
  const lastEdit = useHelper(ws, 'customers', 'parsePagination');
  run([tool(lastEdit)], 6_000, 219);
  w.result(lastEdit, 500);

  const preTokens = w.lastCallTokens + 412;
  const compaction = w.compact({ keep: 4, preTokens, postTokens: 22_514, summary: summaryText(), slug: 'tidy-paging-otter' });
  const check = bash('pnpm exec tsc --noEmit', 'Type-check the project');
  w.say([text('Continuing with verification after the helper extraction.'), tool(check)], { read: 15_820, create: 7_040, out: 95 });
  w.result(check, 4_200);
  step(bash('pnpm test', 'Run the test suite', { stdout: vitestOutput('pnpm', '', pass(6, 21, 887)) }), 1_230, 84, undefined, 3_400);
  run(
    [
      text(
        'Extracted `parsePagination()` into `src/lib/pagination.ts` and switched the orders, products and customers routes to it. Type-check and all 21 tests pass.',
      ),
    ],
    980,
    118,
  );
  w.endTurn();

  w.prompt(prompt(4));
  const lint = bash('pnpm run lint', 'Run the linter', {
    stdout: [
      `> acme-shop@0.4.0 lint ${ACME_CWD}`,
      '> eslint .',
      '',
      '',
      `${ACME_CWD}/src/routes/products.ts`,
      "  3:10  error  'MAX_PAGE_SIZE' is defined but never used  @typescript-eslint/no-unused-vars",
      '',
      '✖ 1 problem (1 error, 0 warnings)',
    ].join('\n'),
    stderr: ' ELIFECYCLE  Command failed with exit code 1.',
    exitCode: 1,
  });
  step(lint, 1_410, 97, 'Good call. Running it now.', 2_600);
  step(
    ws.edit('src/routes/products.ts', 'import { MAX_PAGE_SIZE, parsePagination }', 'import { parsePagination }'),
    1_120,
    108,
    'One leftover import from the refactor. Removing it.',
  );
  step(
    bash('pnpm run lint', 'Run the linter again', { stdout: `> acme-shop@0.4.0 lint ${ACME_CWD}\n> eslint .\n` }),
    860,
    79,
    undefined,
    2_400,
  );
  run(
    [
      text(
        "Lint is clean now: the only problem was an unused `MAX_PAGE_SIZE` import in `src/routes/products.ts`. I'll run `pnpm run lint` before calling anything done from here on.",
      ),
    ],
    740,
    112,
  );
  w.endTurn();

  w.prompt(prompt(5));
  run(
    [
      text(
        "Glad it helped. All three list endpoints paginate through `parsePagination()`, return `totalCount`, and tests and lint pass. Nothing is committed yet; say the word and I'll commit it on this branch.",
      ),
    ],
    690,
    104,
  );
  w.endTurn();

  return { writer: w, compaction, preTokens };
}

function summaryText(): string {
  const quoted = PROMPTS.slice(0, 4).map((p) => `   - "${p}"`);
  return [
    'This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.',
    '',
    '<system-reminder>',
    '<tools-used-before-summary>Bash, Edit, Grep, Read, Write</tools-used-before-summary>',
    '</system-reminder>',
    'Summary:',
    '1. Primary Request and Intent:',
    '   Paginate the acme-shop list endpoints with `page`/`pageSize` (default 20, max 100), include `totalCount`, keep page numbers rather than cursors, and now move the duplicated parsing into `src/lib/pagination.ts`.',
    '',
    '2. Files and Code Sections:',
    '   - src/lib/pagination.ts (new): `parsePagination(query)` returns `{ page, pageSize, offset }`; exports `DEFAULT_PAGE_SIZE` and `MAX_PAGE_SIZE`.',
    '   - src/db/orders.ts: `listOrders` takes `limit`/`offset`; `countOrders` added.',
    '   - src/routes/orders.ts, products.ts, customers.ts: return items plus `page`, `pageSize`, `totalCount`; being switched to `parsePagination`.',
    '   - test/orders.pagination.test.ts: covers defaults, the 100 cap and `totalCount`.',
    '',
    '3. Errors and fixes:',
    "   - `TypeError: db.order.count is not a function`: the test's db mock lacked `count`; added it.",
    '',
    '4. All user messages:',
    ...quoted,
    '',
    '5. Pending Tasks:',
    '   - Type-check and run the tests after the helper extraction.',
    '',
    '6. Current Work:',
    '   The three routes have just been edited to call `parsePagination`; nothing has been verified since.',
    '',
    '7. Optional Next Step:',
    '   Run `pnpm exec tsc --noEmit`, then `pnpm test`.',
  ].join('\n');
}
