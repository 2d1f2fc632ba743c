// The load generator of the throughput benchmarks: autocannon in a process of its own, so it never shares
// the measured servers' event loop.
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  seconds: number;
  connections: number;
  /**
   * What the i-th request changes of the first (its `body`, its `path`): the source of a function of `i`
   * and `input`, run in the load process (where nothing of this module exists), e.g.
   * `return { body: JSON.stringify({ n: i }) }`.
   */
  setup?: string;
  /** JSON data handed to `setup` as `input`. */
  input?: unknown;
}

const script = `
const autocannon = require('autocannon');
const { url, method, headers, seconds, connections, setup, input } = JSON.parse(process.argv[1]);
const change = setup ? new Function('i', 'input', setup) : null;
let n = 0;
autocannon({
  url, connections, duration: seconds, method, headers,
  requests: [change ? { setupRequest: (req) => ({ ...req, ...change(n++, input) }) } : {}],
}, (err, r) => {
  if (err) { console.error(err); process.exit(1); }
  process.stdout.write(JSON.stringify({
    requestsPerSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99,
    non2xx: r.non2xx, errors: r.errors,
  }));
});
`;

export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script, JSON.stringify(options)], {
      cwd: path.join(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exited ${code}`)),
    );
  });
}

/** Loads a target with a warm-up first, and refuses a run in which any answer was not a success. */
export async function measure(options: LoadOptions, warmup: Partial<LoadOptions>): Promise<LoadResult> {
  await load({ ...options, seconds: 2, ...warmup });
  const result = await load(options);
  if (result.non2xx || result.errors) {
    throw new Error(`${options.url}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  }
  return result;
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

export const fmt = (n: number, width: number, digits = 0) => n.toFixed(digits).padStart(width);
