// A small seeded random generator (mulberry32): the same seed gives the same demo world, run after run.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` gives 'a' three times as often. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  /**
   * `weighted` over fixed entries, prepared once: each pick makes the same choice `weighted(entries)` would, in
   * logarithmic instead of linear time (the demo seed picks among hundreds of wallets 20,000 times).
   */
  weightedPicker<T>(entries: ReadonlyArray<readonly [T, number]>): () => T;
}

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (p) => next() < p,
    weighted: (entries) => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    weightedPicker: (entries) => {
      const last = entries[entries.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      // Whole weights sum exactly, so `roll < through[i]` is the linear walk's `roll - w0 - ... - wi < 0`.
      const through: number[] = [];
      let total = 0;
      for (const [, weight] of entries) {
        total += weight;
        through.push(total);
      }
      return () => {
        const roll = next() * total;
        let low = 0;
        let high = entries.length - 1;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (roll < (through[middle] ?? total)) high = middle;
          else low = middle + 1;
        }
        return (entries[low] ?? last)[0];
      };
    },
  };
  return random;
}
