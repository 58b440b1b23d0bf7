// Seeded, deterministic PRNG whose state is plain data stored in the game state.
export { createRng, deriveRng, cloneRng, type RngState } from './rng-state.ts';
export { nextUint32, nextFloat, nextInt, shuffleInPlace, pick, rollDie } from './draw.ts';
export { hashSeed } from './hash-seed.ts';
