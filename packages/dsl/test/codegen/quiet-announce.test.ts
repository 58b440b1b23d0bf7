// An announcement whose sentence only reads the state is not built when the call is quiet (the
// fast path records no events): `if (!x.quiet) x.announce(…)`. A sentence that calls a define (it
// may spend fuel or memoise) or is a constant is emitted as before. Loud calls still announce.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const rules = `game quiet-announce "Quiet announcements"
players 2..3
card Chip { n: 0..12 } shown "{n}"
deck chips { 1 × Chip }
zone stock: pile, hidden
zone hand: per player, fan, owner
zone table: pile, visible
rounds {
  count 1
  setup {
    shuffle chips into stock
    deal 3 from stock to hand(each player)
  }
  stages play
}
winner highest score
stage play turns from player 1
define total: number = sum c.n for c in table
action put(c: card in hand(me)) by current during play {
  move c to table
  announce "{me} puts {c}, {count(hand(me))} left."
  announce "The table holds {total}."
  announce "Next!"
}
`;

interface State { result: unknown; current: number }
interface Wire { type: string }
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number }): State;
  legalActions(def: unknown, state: State, seat: number): Wire[];
  apply(def: unknown, state: State, seat: number, action: unknown, now: number): { state: State; events: { type: string; text?: string }[] } | { rejected: unknown };
  randomPlayout(def: unknown, input: { players: number; seed: number }): { actions: number; result: unknown };
}
const runtimeModule: string = '@decksmith/runtime';
const dir = mkdtempSync(join(tmpdir(), 'quiet-announce-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('announcements on quiet calls', () => {
  it('a sentence of reads is guarded; one calling a define, and a constant one, are not', async () => {
    const file = join(dir, 'quiet-announce.rules');
    writeFileSync(file, rules);
    const compiled = await compileRulesInMemory(file);
    expect(compiled.report.filter((d) => d.includes('error['))).toEqual([]);
    const source = compiled.source ?? '';
    expect(source).toContain("if (!x.quiet) x.announce(`${x.showValue(x.me, 'player')} puts ${x.show(c)}, ${x.size(x.zone(1, x.me))} left.`);");
    expect(source).toMatch(/\n {2}x\.announce\(`The table holds \$\{total\(x\)\}\.`\);/);
    expect(source).toMatch(/\n {2}x\.announce\('Next!'\);/);

    // A loud call (the public API) still records all three, in order.
    const { game } = await importCompiled<{ game: unknown }>(compiled.js!);
    const rt = (await import(runtimeModule)) as Runtime;
    const s0 = rt.setup(game, { players: 2, seed: 3 });
    const put = rt.legalActions(game, s0, s0.current)[0]!;
    const r = rt.apply(game, s0, s0.current, put, 0);
    if ('rejected' in r) throw new Error('rejected');
    const texts = r.events.filter((e) => e.type === 'announce').map((e) => e.text);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toMatch(/ puts .+, 2 left\.$/);
    expect(texts.slice(1)).toEqual([expect.stringMatching(/^The table holds \d+\.$/), 'Next!']);
    // The quiet fast path plays the game to its end.
    const played = rt.randomPlayout(game, { players: 2, seed: 3 });
    expect(played.actions).toBe(6);
  });
});
