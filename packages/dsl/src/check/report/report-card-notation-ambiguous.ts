// Report pass: two faces that print the same card notation (card_notation_ambiguous), once per pair of kinds.
import { cardNotationAmbiguous } from '../../diagnostics/check-declarations.ts';
import type { CheckContext } from '../context.ts';
import type { FaceInfo } from '../model.ts';

export function reportCardNotationAmbiguous(ctx: CheckContext): void {
  const g = ctx.game;
  const byNotation = new Map<string, FaceInfo>();
  const reported = new Set<string>();
  const describe = (f: FaceInfo): string => {
    const kind = g.kinds[f.kind]!;
    const values = kind.attrs.map((a) => `${g.attrs[a]!.name} ${g.attrs[a]!.enumName ? ctx.enums.get(g.attrs[a]!.enumName!)?.values[f.values[a]!] : f.values[a]}`);
    return values.length ? `${kind.name} (${values.join(', ')})` : kind.name;
  };
  for (const face of g.faces) {
    const first = byNotation.get(face.notation);
    if (!first) {
      byNotation.set(face.notation, face);
      continue;
    }
    const key = `${first.kind}:${face.kind}`;
    if (reported.has(key)) continue;
    reported.add(key);
    const here = g.kinds[face.kind]!.decl;
    const there = g.kinds[first.kind]!.decl;
    ctx.diagnostics.push(cardNotationAmbiguous((here.shown ?? here.name).loc, face.notation, describe(face), describe(first), (there.shown ?? there.name).loc));
  }
}
