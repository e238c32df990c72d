/** The setting that makes `--review` the default of `extract` and `consolidate` (decision 80). */
export const REVIEW_ENV = 'MEMLOG_REVIEW';

/** `--review` given, or the setting on (`1`, `true`, `yes`). */
export const reviewByDefault = (flag: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean =>
  flag === true || /^(1|true|yes)$/i.test(env[REVIEW_ENV] ?? '');
