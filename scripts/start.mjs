// `npm start`: install if needed, build the web app if stale, then run the server, which migrates the
// database and seeds the demo data on first start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { checkNode, ensureInstalled, ensureWebBuilt, root } from './lib.mjs';

checkNode();
ensureInstalled();
ensureWebBuilt();

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { LOG_LEVEL: 'warn', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
