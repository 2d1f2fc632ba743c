// Shared steps of `npm start`, `npm test` and `npm run dev`. Plain Node: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const installStamp = path.join(root, 'node_modules', '.vigil-install-hash');
const webDist = path.join(root, 'apps', 'web', 'dist');
const webStamp = path.join(webDist, '.vigil-source-hash');

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Vigil needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p).sort()) {
        if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts')) continue;
        visit(path.join(p, entry));
      }
    } else {
      hash.update(path.relative(root, p));
      hash.update(fs.readFileSync(p));
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return hash.digest('hex');
}

const readStamp = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const wanted = hashFiles(['package-lock.json']);
  if (readStamp(installStamp) === wanted) return;
  console.info('Installing dependencies (first start or the lockfile changed)...');
  // `npm install --no-save` installs the locked versions without rewriting the lockfile. (`npm ci` is not
  // used: npm 11 leaves other platforms' optional packages out of the lockfile, and then refuses it.) The
  // build tools are devDependencies, which npm leaves out under NODE_ENV=production unless told.
  const status = run('npm', [
    'install',
    '--no-save',
    '--include=dev',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
  ]);
  if (status !== 0) {
    console.error('Installing the dependencies failed.');
    process.exit(status);
  }
  fs.writeFileSync(installStamp, wanted);
}

/** Builds the web app when its sources (or the core it imports) changed since the last build. */
export function ensureWebBuilt() {
  const wanted = hashFiles([
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/core/src',
    'package-lock.json',
  ]);
  if (readStamp(webStamp) === wanted && fs.existsSync(path.join(webDist, 'index.html'))) return;
  console.info('Building the web app...');
  const status = run(process.execPath, [
    path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    'apps/web',
    '--logLevel',
    'warn',
  ]);
  if (status !== 0) {
    console.error('The web build failed.');
    process.exit(status);
  }
  fs.writeFileSync(webStamp, wanted);
}
