// Game arguments of play, simulate and bench: a game id passes through (the command finds its
// rule file or generated module); a path to a rule file or a folder becomes the rule files found
// there, searched at any depth exactly as check, gen, scenario and serve --games search.
import { statSync } from 'node:fs';
import { describeFound, findRuleFiles } from '@decksmith/dsl/node/find-rules.ts';

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Expands game arguments for `decksmith <command>`: ids as they are, existing paths as their
 * rule files (printing what was found to stderr). A path argument with no rule file in it is an
 * error; so is one that looks like a path (has a `/` or `.rules`) but does not exist.
 */
export function expandGameArgs(command: string, args: readonly string[]): string[] | { error: string } {
  const out: string[] = [];
  for (const arg of args) {
    if (!exists(arg)) {
      if (arg.endsWith('.rules')) return { error: `no such rule file: ${arg}` };
      out.push(arg);
      continue;
    }
    const found = findRuleFiles([arg]);
    if (!Array.isArray(found)) return { error: `no such file or folder: ${found.missing}` };
    if (found.length === 0) return { error: `no *.rules file in ${arg}` };
    process.stderr.write(`decksmith ${command}: ${describeFound(found, [arg])}\n`);
    out.push(...found);
  }
  return out;
}
