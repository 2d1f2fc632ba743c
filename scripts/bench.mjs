// `npm run bench`: the core's rules (Vitest bench), the list pages through the real app on PostgreSQL and
// PGlite, a vendor webhook and an authenticated GET of one patient on PostgreSQL, each beside its bare baseline measured in the same run, and the
// sign-in route's JavaScript (DESIGN 7). Speed and size targets live here, not in timed tests.
import path from 'node:path';
import { reportSignInJavaScript } from './bench-web.mjs';
import { checkNode, ensureInstalled, ensureWebBuilt, root, run } from './lib.mjs';

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
