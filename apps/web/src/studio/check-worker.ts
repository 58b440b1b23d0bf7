// The studio's checker thread: parses and checks a rule file as the author types (the compiler is pure: no file system here).
import { checkGame } from '@decksmith/dsl/check/index.ts';
import type { Diagnostic } from '@decksmith/dsl/diagnostics/diagnostic.ts';
import { formatSource } from '@decksmith/dsl/fmt/index.ts';
import { parse } from '@decksmith/dsl/parse/parse.ts';
import { parseScenario } from '@decksmith/dsl/parse/parse-scenario.ts';

export interface CheckRequest {
  id: number;
  file: string;
  text: string;
  /** Format the text (`decksmith fmt`'s layout) instead of checking it. */
  format?: boolean;
  /** The draft's other rule files: a variant's base (`extends <id>`) is the one whose game line names it. */
  others?: { name: string; text: string }[];
}

export interface CheckAnswer {
  id: number;
  diagnostics: Diagnostic[];
  /** The checked game's seat range and title, when it checks. */
  game: { title: string; minPlayers: number; maxPlayers: number } | null;
  ms: number;
  /** The formatted text (a format request). */
  formatted?: string;
}

/** The game id a rule file declares (`game <id> …`), or null. */
export function gameIdOf(text: string): string | null {
  return /^\s*game\s+([a-z0-9]+(?:-[a-z0-9]+)*)\b/m.exec(text)?.[1] ?? null;
}

/**
 * Parse, then (when it parses) check; a variant's base is found among the draft's `others` files.
 * A scenario file is parsed only (its syntax, as the language server does while it is edited):
 * running it is Run scenarios' work, on the server.
 */
export function checkText(file: string, text: string, others: readonly { name: string; text: string }[] = []): Omit<CheckAnswer, 'id' | 'ms'> {
  if (file.endsWith('.scenario')) return { diagnostics: parseScenario(text, file).diagnostics, game: null };
  const parsed = parse(text, file);
  if (parsed.file === null || parsed.diagnostics.some((d) => d.severity === 'error')) return { diagnostics: parsed.diagnostics, game: null };
  const loadBase = (id: string) => {
    const base = others.find((f) => f.name.endsWith('.rules') && gameIdOf(f.text) === id);
    return base ? { file: base.name, text: base.text } : null;
  };
  const checked = checkGame(parsed.file, { sources: [{ file, text }], loadBase });
  const g = checked.game;
  return { diagnostics: [...parsed.diagnostics, ...checked.diagnostics], game: g ? { title: g.title, minPlayers: g.minPlayers, maxPlayers: g.maxPlayers } : null };
}

// In a worker (not under a test's import): answer each request.
if (typeof self !== 'undefined' && typeof (self as { postMessage?: unknown }).postMessage === 'function' && typeof document === 'undefined') {
  self.onmessage = (e: MessageEvent<CheckRequest>) => {
    const t0 = performance.now();
    let answer: CheckAnswer;
    try {
      if (e.data.format) {
        const kind = e.data.file.endsWith('.scenario') ? 'scenario' : 'rules';
        answer = { id: e.data.id, diagnostics: [], game: null, ms: 0, formatted: formatSource(e.data.text, kind) };
      } else answer = { id: e.data.id, ...checkText(e.data.file, e.data.text, e.data.others), ms: 0 };
    } catch (error) {
      // The checker must not throw; if it does, the author sees it as a diagnostic rather than a dead editor.
      answer = { id: e.data.id, diagnostics: [{ code: 'internal_error', severity: 'error', message: String(error), file: e.data.file, line: 1, col: 1, endLine: 1, endCol: 2, notes: [] }], game: null, ms: 0 };
    }
    answer.ms = performance.now() - t0;
    self.postMessage(answer);
  };
}
