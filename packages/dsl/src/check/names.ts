// Small naming helpers shared by the passes: inline-enum names and "did you mean" suggestions.

/** `figure` → `Figure`, `count_mode` → `CountMode`: the name of an inline union's enum. */
export function enumNameFor(owner: string): string {
  return owner
    .split('_')
    .filter((p) => p !== '')
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');
}

/** Levenshtein distance, bounded: returns `max + 1` as soon as it is exceeded. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The closest of `candidates` to `name` (within a third of its length, at most 3 edits), or null. */
export function closest(name: string, candidates: Iterable<string>): string | null {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | null = null;
  let bestD = limit + 1;
  for (const c of candidates) {
    if (c === name) continue;
    const d = editDistance(name, c, limit);
    if (d < bestD || (d === bestD && best !== null && c < best)) {
      best = c;
      bestD = d;
    }
  }
  return bestD <= limit ? best : null;
}
