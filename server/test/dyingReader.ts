/**
 * A parent that reads a server's output and goes away while the server stops (issue 37, point 5): it starts
 * `node --import tsx src/main.ts` with its standard output and error piped to itself, waits until the server is
 * ready, writes the server's pid on its own standard output, closes its ends of the pipes, sends SIGTERM and
 * exits at once, so the server's last log lines meet a pipe nobody reads. The environment is the server's.
 * Run by `src/platform/shutdown.test.ts`.
 */
import { spawn } from 'node:child_process';
import { READY_LINE } from '../src/platform/logging';
import { SERVER_DIR } from './serverProcess';

const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: SERVER_DIR,
  env: process.env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
const read = (chunk: Buffer) => {
  output += chunk.toString('utf8');
  if (!READY_LINE.test(output)) return;
  process.stdout.write(`${JSON.stringify({ pid: server.pid })}\n`, () => {
    server.stdout!.destroy();
    server.stderr!.destroy();
    server.kill('SIGTERM');
    process.exit(0);
  });
};
server.stdout!.on('data', read);
server.stderr!.on('data', read);
server.on('exit', (code, signal) => {
  process.stderr.write(`The server exited (${code ?? signal}) before it listened:\n${output}`);
  process.exit(1);
});
