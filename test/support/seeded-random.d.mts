// Types of seeded-random.mjs (plain JS, so the heavy-session generator can run under node alone).
export function seededRandom(seed: number): () => number;
