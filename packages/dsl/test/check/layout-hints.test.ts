// Layout hints for players: a symbol per colour and readable names (language.md §14) are parsed,
// checked against what the file declares, and emitted into the game's layout table.
import { describe, expect, it } from 'vitest';
import { layoutTable } from '../../src/codegen/emit-tables.ts';
import { checkText } from './helpers.ts';

const game = (layout: string) => `game demo "Demo"
players 2
enum Colour { red, blue }
card Plain { colour: Colour, word: go "GW" | stop "St" } shown "{colour}{word}"
deck main { 2 × Plain }
zone draw: pile, hidden
zone hand: per player, fan, owner
rounds { count 1 }
winner lowest score
stage play turns
action take by current during play { move top of draw to hand(me) }
layout {
${layout}
}
`;

describe('layout hints: colour symbols and names', () => {
  it('a colour with a symbol and readable names reach the layout table', () => {
    const r = checkText(game(`  colours { red "#d32f2f" symbol "●", blue "#1565c0" }
  card Plain { fill colour, centre "{word}" }
  names { go "Go Wacky!", take "Take a card", draw "Draw pile", Colour "Colour" }`));
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const table = layoutTable(r.game!) as { colours: Record<string, string>; symbols?: Record<string, string>; names?: Record<string, string> };
    expect(table.colours).toEqual({ red: '#d32f2f', blue: '#1565c0' });
    expect(table.symbols).toEqual({ red: '●' });
    expect(table.names).toEqual({ go: 'Go Wacky!', take: 'Take a card', draw: 'Draw pile', Colour: 'Colour' });
  });

  it('a layout without them emits no symbols or names (generated modules unchanged)', () => {
    const r = checkText(game(`  colours { red "#d32f2f", blue "#1565c0" }`));
    const table = layoutTable(r.game!) as Record<string, unknown>;
    expect(Object.keys(table).sort()).toEqual(['cards', 'colours', 'places']);
  });

  it('a name that names nothing declared is name_undefined, with a suggestion', () => {
    const r = checkText(game(`  names { takes "Take a card" }`));
    const d = r.diagnostics.find((x) => x.code === 'name_undefined');
    expect(d?.message).toBe('"takes" is not defined');
    expect(JSON.stringify(d?.notes)).toContain('take');
  });
});
