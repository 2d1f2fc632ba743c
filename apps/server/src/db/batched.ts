import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * One statement for the calls that concurrent requests make in the same turn of the event loop, instead of
 * one each (decision 0015): `run` gets their inputs, in order, and answers one output per input, in the same
 * order. Each caller still waits for its own answer, so nothing is answered before its statement has run.
 * If the statement fails, every call of the batch fails with its error. In a transaction nothing is batched:
 * a call runs alone, inside it.
 */
export function batched<I, O>(run: (db: DbOrTx, inputs: I[]) => Promise<O[]>) {
  const queues = new WeakMap<DbOrTx, Pending<I, O>[]>();
  return (db: DbOrTx, input: I): Promise<O> => {
    if (db instanceof PgTransaction) return run(db, [input]).then((outputs) => outputs[0]!);
    return new Promise<O>((resolve, reject) => {
      let queue = queues.get(db);
      if (!queue) {
        queue = [];
        queues.set(db, queue);
        // After the I/O callbacks of this turn: every request that arrived with them has joined the batch.
        setImmediate(() => {
          queues.delete(db);
          flush(db, queue!, run);
        });
      }
      queue.push({ input, resolve, reject });
    });
  };
}

interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

async function flush<I, O>(
  db: DbOrTx,
  queue: Pending<I, O>[],
  run: (db: DbOrTx, inputs: I[]) => Promise<O[]>,
) {
  try {
    const outputs = await run(
      db,
      queue.map((p) => p.input),
    );
    for (const [i, p] of queue.entries()) p.resolve(outputs[i]!);
  } catch (error) {
    for (const p of queue) p.reject(error);
  }
}
