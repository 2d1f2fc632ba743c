import { AppError, errorMessages } from '@vigil/core';

/**
 * A vendor API that could not be reached or refused the call: a 502 with the product's message (DESIGN 2),
 * never the vendor's answer, which can hold tokens. `detail` (no secrets) is for the log.
 */
export class VendorUnavailableError extends AppError {
  constructor(
    readonly vendor: string,
    readonly detail: string,
    /** The vendor's own status, when it answered one (Withings: 401 for an invalid token). */
    readonly vendorStatus?: number,
  ) {
    super('UPSTREAM_FAILED', errorMessages.vendorUnavailable);
    this.name = 'VendorUnavailableError';
  }
}

/** A vendor call with a deadline: a vendor that hangs must not hold a request or a job for long. */
export async function vendorFetch(
  vendor: string,
  url: string,
  init: RequestInit,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 15_000,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new VendorUnavailableError(vendor, error instanceof Error ? error.message : String(error));
  }
  if (!res.ok) throw new VendorUnavailableError(vendor, `HTTP ${res.status}`, res.status);
  try {
    return await res.json();
  } catch {
    throw new VendorUnavailableError(vendor, 'the answer is not JSON');
  }
}
