// The timeout of a property test (fast-check): a hang detector sized to the work, not a speed check.

/**
 * Each property test runs a fixed number of cases (`numRuns`), at most about 3 s of CPU on an
 * idle core (melds' bestLaydown, the slowest, 2.7 s). CI and the shared machines run every
 * project's tests at once on 2 cores (load 14–18 seen), which stretches wall time 10× or more,
 * so vitest's default 5 s failed them there. 60 s leaves 20× for that; speed is measured by the
 * benchmark scripts, never by a test's timeout.
 */
export const PROPERTY_TIMEOUT_MS = 60_000;
