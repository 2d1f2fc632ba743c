/**
 * Whether a Vigil server answers on this machine's port: the embedded database has one user at a time, so a
 * command that opens it (audit:verify, admin:create) asks for the server to be stopped first.
 */
export async function embeddedDatabaseInUse(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}
