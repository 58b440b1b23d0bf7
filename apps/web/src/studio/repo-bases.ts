// A variant of a repository game (`extends go-fish`) checks in the browser: the base's rule file
// comes from the server (`GET /api/games/:id/rules`), fetched once per id, and joins the draft's
// other files for the checker. A base among the draft's own files wins; an unknown id stays
// missing, and the checker says so.

export interface NamedText {
  name: string;
  text: string;
}

/** Bases (and their bases) deeper than this are left to the checker's own report. */
const MAX_DEPTH = 4;

const EXTENDS = /^\s*game\s+[a-z0-9-]+\s+"[^"\n]*"\s+extends\s+([a-z0-9]+(?:-[a-z0-9]+)*)\b/m;

/** The game id a rule file declares (the checker thread's rule; not imported from it, which would bring the checker into this chunk). */
function gameIdOf(text: string): string | null {
  return /^\s*game\s+([a-z0-9]+(?:-[a-z0-9]+)*)\b/m.exec(text)?.[1] ?? null;
}

/** The id a rule file extends, or null. */
export function extendsOf(text: string): string | null {
  return EXTENDS.exec(text)?.[1] ?? null;
}

/**
 * `others` plus the repository rule files `text` needs as bases and the draft lacks.
 *
 * @example
 * const files = await withRepoBases(variantText, others, (id) => drafts.rules(id));
 */
export async function withRepoBases(text: string, others: readonly NamedText[], fetchRules: (id: string) => Promise<string | null>): Promise<NamedText[]> {
  const out = [...others];
  let id = extendsOf(text);
  for (let depth = 0; id !== null && depth < MAX_DEPTH; depth++) {
    const want = id;
    const own = out.find((f) => f.name.endsWith('.rules') && gameIdOf(f.text) === want);
    if (own) {
      id = extendsOf(own.text);
      continue;
    }
    const fetched = await fetchRules(want);
    if (fetched === null) break;
    out.push({ name: `games/${want}/${want}.rules`, text: fetched });
    id = extendsOf(fetched);
  }
  return out;
}

/** A fetcher that asks the server once per id (a failed request is asked again next time). */
export function cachedRules(fetch: (id: string) => Promise<string>): (id: string) => Promise<string | null> {
  const known = new Map<string, string>();
  return async (id) => {
    const hit = known.get(id);
    if (hit !== undefined) return hit;
    try {
      const text = await fetch(id);
      known.set(id, text);
      return text;
    } catch {
      return null;
    }
  };
}
