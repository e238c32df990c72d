// @ts-check
/**
 * Registered with `node --import`: prints the URL of every module the process loads to stderr,
 * one `loaded <url>` line each, so that a test can see what a command brought in.
 */
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(
    `export async function load(url, context, next) { process.stderr.write('loaded ' + url + '\\n'); return next(url, context); }`,
  )}`,
);
