// `npm run dev`: the API with reload on change (port 3000) and Vite with hot reload (port 5173, proxying /api).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkNode, ensureInstalled, root } from './lib.mjs';

checkNode();
ensureInstalled();

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), ['apps/web'], { cwd: root, stdio: 'inherit' }),
];
const running = new Set(children);
let stopping = false;
const stop = (signal) => {
  for (const child of running) child.kill(signal);
};
// Ctrl-C in a terminal reaches the children too (one process group): a second signal would make tsx kill
// the server before its shutdown ends (the audit seal, the jobs). They are sent it only if still running
// after a while, as when this script alone was sent it.
process.on('SIGINT', () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => stop('SIGINT'), 5000).unref();
});
process.on('SIGTERM', () => {
  stopping = true;
  stop('SIGTERM');
});
for (const child of children)
  child.on('exit', (code) => {
    running.delete(child);
    if (running.size === 0) process.exit(code ?? 0);
    // One stopped of its own: the other goes too.
    if (!stopping) {
      stopping = true;
      stop('SIGTERM');
    }
  });
