/**
 * Work that must reach the server while the session still holds, run by the inactivity sign-out before it
 * ends the session (the detail page's timer saves its count: spec patients 4, 'forced save'). Signing out
 * clears the token at once and then unmounts the pages, so a page's own clean-up would come too late.
 */
type BeforeSignOutTask = (lastActivityAt: number | undefined) => Promise<unknown> | undefined;

const tasks = new Set<BeforeSignOutTask>();
/** Requests already sent by a page that has gone (its unmount save), which a sign-out must not overtake. */
const inFlight = new Set<Promise<unknown>>();

/** Keeps a request that a sign-out should wait for, until it settles. */
export function holdSignOutFor(request: Promise<unknown>): void {
  const settled = request.catch(() => undefined).finally(() => inFlight.delete(settled));
  inFlight.add(settled);
}

/** Registers a task; the returned function removes it (for an effect's clean-up). */
export function onBeforeSignOut(task: BeforeSignOutTask): () => void {
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}

/**
 * Starts every task at once (their requests leave before anything else), then waits until they and the held
 * requests settle, at most `limitMs`: a slow server must not keep an idle session open. `lastActivityAt`
 * is when the user was last active, for a sign-out after inactivity: the time since is no one's work.
 */
export async function runBeforeSignOut(lastActivityAt?: number, limitMs = 3_000): Promise<void> {
  const pending: Promise<unknown>[] = [...inFlight];
  for (const task of tasks) {
    try {
      const result = task(lastActivityAt);
      if (result) pending.push(result.catch(() => undefined));
    } catch (error) {
      console.error(error);
    }
  }
  if (pending.length === 0) return;
  let timer: number | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = window.setTimeout(resolve, limitMs);
  });
  await Promise.race([Promise.all(pending), limit]);
  window.clearTimeout(timer);
}
