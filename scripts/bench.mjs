// `npm run bench`: the core's rules (Vitest bench), then the list pages through the real app on PostgreSQL
// and PGlite, each beside its bare baseline measured in the same run (DESIGN 7). Speed targets live here,
// not in timed tests.
import path from 'node:path';
import { checkNode, ensureInstalled, root, run } from './lib.mjs';

checkNode();
ensureInstalled();
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const core = run(bin('vitest'), ['bench', '--run', '--project', 'core']);
const lists = run(bin('tsx'), [path.join(root, 'apps/server/bench/lists.bench.ts')]);
process.exit(core === 0 && lists === 0 ? 0 : 1);
