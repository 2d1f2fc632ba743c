import type { Database } from '../../db/client.js';

/** Events sealed per statement: bounds how long one seal holds the chain's head. */
const sealBatch = 1000;

/**
 * Seals every event written so far that is not in the chain yet, oldest written first (migration 0010's
 * `audit_seal`, in batches), and answers how many it sealed. Safe beside another sealer: they take turns on
 * the chain's head, and an event is sealed once.
 */
export async function sealAuditEvents(database: Pick<Database, 'executeSql'>): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await database.executeSql('select audit_seal($1) as sealed', [sealBatch]);
    const sealed = Number((rows[0] as { sealed: number }).sealed);
    total += sealed;
    if (sealed < sealBatch) return total;
  }
}

/**
 * The server's sealer (decision 0012): seals new events every `intervalMs`, so an event is in the chain
 * about a second after its commit without any request waiting for it, and once more when stopped, so a
 * server closed cleanly leaves nothing unsealed. A failed seal (the database restarting) is logged and
 * tried again at the next tick.
 */
export function startAuditSealer(deps: {
  database: Pick<Database, 'executeSql'>;
  intervalMs: number;
  onError(error: unknown): void;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const seal = () =>
    sealAuditEvents(deps.database).then(
      () => undefined,
      (error) => deps.onError(error),
    );
  const tick = () => {
    running = seal().then(() => {
      if (!stopped) timer = setTimeout(tick, deps.intervalMs).unref();
    });
  };
  timer = setTimeout(tick, deps.intervalMs).unref();

  return {
    /** Stops the ticks, waits for one in hand, and seals what is left. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
      await seal();
    },
  };
}
