/** The server's source of "now"; tests pass a controllable one to prove time rules (idle sessions, expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
