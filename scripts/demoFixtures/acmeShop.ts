/** The invented acme-shop project that the demo sessions work on. */
export const ACME_CWD = '/home/dev/acme-shop';
export const NOTES_CWD = '/home/dev/notes-cli';
export const CONFIG_DIR = '/home/dev/.claude';

export function projectDirName(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, '-');
}

export const ACME_SKILLS: [string, string][] = [
  ['release-notes', 'Draft release notes from the commits since the last tag'],
  ['test-triage', 'Group failing tests by likely cause before fixing anything'],
  ['api-docs', 'Regenerate the OpenAPI description from the Express routes'],
];

const lines = (...rows: string[]): string => `${rows.join('\n')}\n`;

function listRoute(name: string, model: string, orderBy: string): string {
  return lines(
    "import { Router } from 'express';",
    "import { db } from '../db/client.js';",
    '',
    `export const ${name}Router = Router();`,
    '',
    `${name}Router.get('/api/${name}', async (_req, res) => {`,
    `  const ${name} = await db.${model}.findMany({ orderBy: ${orderBy} });`,
    `  res.json({ ${name} });`,
    '});',
  );
}

export function acmeFiles(): Record<string, string> {
  return {
    'src/pricing.ts': lines(
      'export function applyDiscount(amount: number, percent: number): number {',
      '  return amount * (1 - percent / 100);',
      '}',
    ),
    'src/cart.ts': lines(
      "import { applyDiscount } from './pricing.js';",
      '',
      'export interface CartItem {',
      '  sku: string;',
      '  unitPrice: number;',
      '  quantity: number;',
      '}',
      '',
      'export const TAX_RATE = 0.1;',
      '',
      'export function cartTotal(items: CartItem[], discountPercent = 0): number {',
      '  const subtotal = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);',
      '  const taxed = applyDiscount(subtotal, discountPercent) * (1 + TAX_RATE);',
      '  return Math.round(applyDiscount(taxed, discountPercent) * 100) / 100;',
      '}',
    ),
    'test/cart.test.ts': lines(
      "import { describe, expect, it } from 'vitest';",
      "import { cartTotal } from '../src/cart.js';",
      '',
      'const items = [',
      "  { sku: 'MUG-01', unitPrice: 12.5, quantity: 4 },",
      "  { sku: 'TEE-02', unitPrice: 25, quantity: 2 },",
      '];',
      '',
      "describe('cartTotal', () => {",
      "  it('adds tax to the subtotal', () => {",
      '    expect(cartTotal(items)).toBe(110);',
      '  });',
      '',
      "  it('applies a 10% discount before tax', () => {",
      '    expect(cartTotal(items, 10)).toBe(99);',
      '  });',
      '',
      "  it('returns 0 for an empty cart', () => {",
      '    expect(cartTotal([])).toBe(0);',
      '  });',
      '});',
    ),
    'src/checkout.ts': lines(
      "import { cartTotal, type CartItem } from './cart.js';",
      "import { findCoupon } from './coupons.js';",
      '',
      'export interface CheckoutRequest {',
      '  items: CartItem[];',
      '  couponCode?: string;',
      '}',
      '',
      'export async function checkout(request: CheckoutRequest) {',
      '  const coupon = request.couponCode ? await findCoupon(request.couponCode) : null;',
      '  const discountPercent = coupon?.active ? coupon.percentOff : 0;',
      '  return { total: cartTotal(request.items, discountPercent), coupon: coupon?.code ?? null };',
      '}',
    ),
    'src/coupons.ts': lines(
      'export interface Coupon {',
      '  code: string;',
      '  percentOff: number;',
      '  active: boolean;',
      '  expiresAt: string | null;',
      '}',
      '',
      'const coupons: Coupon[] = [',
      "  { code: 'WELCOME10', percentOff: 10, active: true, expiresAt: null },",
      "  { code: 'SPRING25', percentOff: 25, active: true, expiresAt: '2026-04-30' },",
      "  { code: 'STAFF50', percentOff: 50, active: false, expiresAt: null },",
      '];',
      '',
      'export async function findCoupon(code: string): Promise<Coupon | null> {',
      '  const normalized = code.trim().toUpperCase();',
      '  return coupons.find((c) => c.code === normalized) ?? null;',
      '}',
    ),
    'src/routes/orders.ts': lines(
      "import { Router } from 'express';",
      "import { listOrders } from '../db/orders.js';",
      '',
      'export const ordersRouter = Router();',
      '',
      "ordersRouter.get('/api/orders', async (req, res) => {",
      "  const customerId = typeof req.query.customerId === 'string' ? req.query.customerId : undefined;",
      '  const orders = await listOrders({ customerId });',
      '  res.json({ orders });',
      '});',
    ),
    'src/db/orders.ts': lines(
      "import { db } from './client.js';",
      '',
      'export interface OrderQuery {',
      '  customerId?: string;',
      '}',
      '',
      'export async function listOrders(query: OrderQuery) {',
      '  return db.order.findMany({',
      '    where: query.customerId ? { customerId: query.customerId } : {},',
      "    orderBy: { createdAt: 'desc' },",
      '  });',
      '}',
    ),
    'src/routes/products.ts': listRoute('products', 'product', "{ name: 'asc' }"),
    'src/routes/customers.ts': listRoute('customers', 'customer', "{ createdAt: 'desc' }"),
  };
}

/** vitest-style console output for the demo test runs. */
export function vitestOutput(runner: string, target: string, body: string[]): string {
  const cmd = target === '' ? 'vitest run' : `vitest run ${target}`;
  return [
    `> acme-shop@0.4.0 test${runner === 'pnpm' ? ` ${ACME_CWD}` : ''}`,
    `> ${cmd}`,
    '',
    '',
    ` RUN  v3.2.4 ${ACME_CWD}`,
    '',
    ...body,
  ].join('\n');
}
