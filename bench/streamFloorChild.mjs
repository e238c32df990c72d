// @ts-check
/**
 * The stream floor as a process (bench/commandThroughput.bench.ts times it beside each command):
 * read the file, split it into lines, JSON.parse each, nothing else. What no reader of the
 * transcript can beat; a command's time over this one's says what its own work costs.
 */
import { createReadStream } from 'node:fs';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: node bench/streamFloorChild.mjs <file>');
let lines = 0;
let carry = '';
createReadStream(file, { encoding: 'utf8' })
  .on('data', (chunk) => {
    const text = carry + chunk;
    let from = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
      if (nl > from) {
        JSON.parse(text.slice(from, nl));
        lines++;
      }
      from = nl + 1;
    }
    carry = text.slice(from);
  })
  .on('end', () => process.stdout.write(`${lines}\n`))
  .on('error', (error) => {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
