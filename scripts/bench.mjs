// `npm run bench`: the core's rules (Vitest bench), the list pages through the real app on PostgreSQL and
// PGlite, a vendor webhook and an authenticated GET of one patient on PostgreSQL, each beside its bare baseline measured in the same run, and the
// sign-in route's JavaScript (DESIGN 7). Speed and size targets live here, not in timed tests.
import path from 'node:path';
import { reportSignInJavaScript } from './bench-web.mjs';
import { checkNode, ensureInstalled, ensureWebBuilt, root, run } from './lib.mjs';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.info(`npm run bench: measures DESIGN 7's targets, each beside its bare baseline in the same run.

  the core's rules (Vitest bench)
  list pages (priority and clinician lists) for generated clinics of 1,000 and 10,000 patients on
    PostgreSQL, and of 1,000 on PGlite
  the BodyTrace webhook and an authenticated GET of one patient on PostgreSQL, under load
  the sign-in route's JavaScript (gzip)

Settings:
  BENCH_DATABASE_URL   the PostgreSQL to run on (else DATABASE_URL, else postgres://root@127.0.0.1:5432/test);
                       each case gets a database of its own, dropped after it, or on Ctrl-C
  BENCH_SECONDS        how long each load runs, in seconds (default 10)

It takes about five minutes on two cores.`);
  process.exit(0);
}

checkNode();
ensureInstalled();
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const core = run(bin('vitest'), ['bench', '--run', '--project', 'core']);
const lists = run(bin('tsx'), [path.join(root, 'apps/server/bench/lists.bench.ts')]);
const ingestion = run(bin('tsx'), [path.join(root, 'apps/server/bench/ingestion.bench.ts')]);
const patientGet = run(bin('tsx'), [path.join(root, 'apps/server/bench/patient-get.bench.ts')]);
ensureWebBuilt();
const web = reportSignInJavaScript(path.join(root, 'apps/web/dist'));
process.exit(core === 0 && lists === 0 && ingestion === 0 && patientGet === 0 && web ? 0 : 1);
