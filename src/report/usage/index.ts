/** `memlog report --usage`: token usage and its cost in USD from the session catalog (decision 86). */
export { usageReport, USAGE_GROUPS, type UsageGroup, type UsageReport, type UsageRow, type UsageSession } from './usageReport.js';
export { DEFAULT_TABLE_WIDTH, formatUsageTable } from './formatUsageTable.js';
export { parsePriceTable, pricesOf, costOf, PriceTable, ModelPrices } from './prices.js';
export { SHIPPED_PRICES } from './shippedPrices.js';
