import { spawn } from 'node:child_process';

/**
 * `tsx scripts/staticChecks.ts <script>…`: runs the named package scripts (npm test's format check,
 * typecheck and lint) side by side and exits with the first failing one's status. Each is one
 * single-threaded process, so on two cores they end in about the time of the longest instead of the
 * sum of all three (decision 118). A check's output is held and printed whole when it ends, so the
 * three never interleave line by line.
 */
interface Outcome {
  readonly script: string;
  readonly status: number;
  readonly output: string;
}

function runScript(script: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => resolve({ script, status: 1, output: `${error.message}\n` }));
    child.on('close', (code, signal) => {
      const ended = signal === null ? '' : `ended by ${signal}\n`;
      resolve({ script, status: code ?? 1, output: Buffer.concat(chunks).toString('utf8') + ended });
    });
  });
}

function report({ script, status, output }: Outcome): void {
  process.stdout.write(`> ${script}: ${status === 0 ? 'passed' : `failed (exit ${status})`}\n${output}`);
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write('usage: tsx scripts/staticChecks.ts <package script>…\n');
  process.exitCode = 2;
} else {
  const outcomes = await Promise.all(scripts.map((script) => runScript(script).then((outcome) => (report(outcome), outcome))));
  process.exitCode = outcomes.find((outcome) => outcome.status !== 0)?.status ?? 0;
}
