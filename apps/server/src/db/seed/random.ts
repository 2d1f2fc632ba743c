/**
 * A small seeded random source (mulberry32), so generated data is the same on every run and machine:
 * the demo looks the same for everyone, and a benchmark fixture is the same for every measurement.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    /** In [0, 1). */
    next,
    /** A whole number in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** Roughly normal (the sum of three uniforms), for values that cluster around a mean. */
    around: (mean: number, spread: number) => mean + spread * (next() + next() + next() - 1.5) * 1.15,
  };
}

export type Random = ReturnType<typeof createRandom>;
