// `npm run bench`, web part (DESIGN 7): the JavaScript the sign-in route loads, gzipped: the entry script of
// the built index.html and every chunk it imports statically, transitively. Screens behind sign-in are
// imported dynamically (route `lazy`), so they are not part of it.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const targetKb = 250;

export function measureSignInJavaScript(distDir) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(distDir, file), 'utf8');
    // Static imports only: `import ... from "./x.js"` and `import "./x.js"`, never `import("./x.js")`.
    for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      visit(path.posix.join(path.posix.dirname(file), m[1]));
    }
  };
  entries.forEach(visit);
  const files = [...seen].map((file) => ({
    file,
    gzip: gzipSync(fs.readFileSync(path.join(distDir, file))).length,
  }));
  return { files, totalKb: files.reduce((sum, f) => sum + f.gzip, 0) / 1024 };
}

export function reportSignInJavaScript(distDir) {
  const { files, totalKb } = measureSignInJavaScript(distDir);
  const met = totalKb <= targetKb;
  console.info('\nSign-in route JavaScript (gzip)');
  for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
    console.info(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${path.basename(f.file)}`);
  }
  console.info(
    `  ${totalKb.toFixed(1).padStart(6)} KB  in all; target ${targetKb} KB: ${met ? 'met' : 'MISSED'}`,
  );
  return met;
}
