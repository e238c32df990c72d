/** fast-check run count: small by default for the 15-minute CI, raised with MEMLOG_FC_RUNS. */
export const fcRuns = Number.parseInt(process.env['MEMLOG_FC_RUNS'] ?? '', 10) || 100;
