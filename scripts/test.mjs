// `npm test`: typecheck, lint, unit (with the core's coverage), API and end-to-end; ends with one line
// `tests: N passed, M failed` and a non-zero exit on any failure.
import fs from 'node:fs';
import path from 'node:path';
import { checkNode, ensureInstalled, ensureWebBuilt, root, run } from './lib.mjs';

checkNode();
ensureInstalled();

const artifacts = path.join(root, '.test-results');
fs.rmSync(artifacts, { recursive: true, force: true });
fs.mkdirSync(artifacts, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const totals = { passed: 0, failed: 0 };
const summary = [];
const started = Date.now();

function record(step, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  summary.push(`${step}: ${passed} passed, ${failed} failed`);
}

function check(step, command, args) {
  console.info(`\n=== ${step} ===`);
  const ok = run(command, args) === 0;
  record(step, ok ? 1 : 0, ok ? 0 : 1);
}

function vitest(step, projects, extra = []) {
  console.info(`\n=== ${step} ===`);
  const output = path.join(artifacts, `${step}.json`);
  const projectArgs = projects.flatMap((p) => ['--project', p]);
  const status = run(bin('vitest'), [
    'run',
    ...projectArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${output}`,
    ...extra,
  ]);
  if (!fs.existsSync(output)) return record(step, 0, 1);
  const result = JSON.parse(fs.readFileSync(output, 'utf8'));
  const failedSuites = result.testResults.filter(
    (s) => s.status === 'failed' && s.assertionResults.length === 0,
  ).length;
  const failed =
    result.numFailedTests +
    failedSuites +
    (status !== 0 && result.numFailedTests === 0 && failedSuites === 0 ? 1 : 0);
  record(step, result.numPassedTests, failed);
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', bin('biome'), ['check', '.']);
vitest('unit', ['core', 'server-unit'], ['--coverage']);
const coverageFile = path.join(root, 'coverage', 'core', 'coverage-summary.json');
const coverage = fs.existsSync(coverageFile)
  ? JSON.parse(fs.readFileSync(coverageFile, 'utf8')).total.lines.pct
  : null;
vitest('api', ['api']);

if (process.env.VIGIL_SKIP_E2E !== 'true') {
  ensureWebBuilt();
  console.info('\n=== e2e ===');
  const report = path.join(root, 'e2e', '.artifacts', 'results.json');
  fs.rmSync(report, { force: true });
  const status = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']);
  if (fs.existsSync(report)) {
    const { stats } = JSON.parse(fs.readFileSync(report, 'utf8'));
    record(
      'e2e',
      stats.expected + (stats.flaky ?? 0),
      stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0),
    );
  } else {
    record('e2e', 0, 1);
  }
}

console.info('\n=== summary ===');
for (const line of summary) console.info(line);
if (coverage !== null) console.info(`core line coverage: ${coverage}%`);
console.info(`duration: ${Math.round((Date.now() - started) / 1000)} s`);
console.info(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
