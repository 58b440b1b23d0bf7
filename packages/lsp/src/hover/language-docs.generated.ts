// Generated from docs/language.md by packages/lsp/scripts/gen-language-docs.ts — do not edit.
// Regenerate: npx tsx packages/lsp/scripts/gen-language-docs.ts
import type { WordDoc } from './extract-docs.ts';

export const LANGUAGE_DOCS: Readonly<Record<string, WordDoc>> = {
  "abs": {
    "doc": "math — `abs floor ceil min(a,b) max(a,b) sqrt sin cos wrap(x, lo, hi)`",
    "section": "8. Expressions"
  },
  "action": {
    "doc": "Actions: - Parameters: `card in <zone> [where cond]`, `n cards in <zone>` / `a..b cards in <zone>` (a counted choice, a list), `cards in <zone>` (a list of any size), `pile in <family> [or new]`, an enum, `bool`, an integer range, `Player`.",
    "section": "11. Actions"
  },
  "add": {
    "doc": "`set x = e`, `set v(p) = e`, `add e to x`, `subtract e from x` — variables",
    "section": "9. Statements (effects)"
  },
  "all": {
    "doc": "`any x in S where e`, `all x in S where e`, `exists x in S where e` — quantifiers",
    "section": "8. Expressions"
  },
  "announce": {
    "doc": "`announce \"text\"` — an event every seat receives (shown and spoken by the client)",
    "section": "9. Statements (effects)"
  },
  "any": {
    "doc": "`any x in S where e`, `all x in S where e`, `exists x in S where e` — quantifiers",
    "section": "8. Expressions"
  },
  "bottom": {
    "doc": "`top of z`, `bottom of z` — a card, or `none`",
    "section": "8. Expressions"
  },
  "can_go_out": {
    "doc": "stdlib — `plus_minus(v, k, lo, hi)`, `can_meld_all(cards, rules)`, `can_go_out(cards, rules, keep)`, `unmelded_points(cards, rules)`",
    "section": "8. Expressions"
  },
  "can_meld_all": {
    "doc": "stdlib — `plus_minus(v, k, lo, hi)`, `can_meld_all(cards, rules)`, `can_go_out(cards, rules, keep)`, `unmelded_points(cards, rules)`",
    "section": "8. Expressions"
  },
  "card": {
    "doc": "Cards, enums and decks: - `enum Name { value [\"symbol\"], … }`: a finite type; the symbol is how the value is written in card notation and shown on cards (default: the value's name).",
    "section": "4. Cards, enums and decks"
  },
  "ceil": {
    "doc": "math — `abs floor ceil min(a,b) max(a,b) sqrt sin cos wrap(x, lo, hi)`",
    "section": "8. Expressions"
  },
  "close": {
    "doc": "`open window w`, `close window` — windows",
    "section": "9. Statements (effects)"
  },
  "cos": {
    "doc": "math — `abs floor ceil min(a,b) max(a,b) sqrt sin cos wrap(x, lo, hi)`",
    "section": "8. Expressions"
  },
  "count": {
    "doc": "`count(z)` — number of cards (of a `piles` family: its number of piles)",
    "section": "8. Expressions"
  },
  "current": {
    "doc": "seats — `me` (the actor: only in an action, its parameters and `before turn action`, and in the defines and procedures they call; in `setup`, `scoring`, a `when` block or condition, `on timeout`, `idle`, and the game's frame — the rounds…",
    "section": "8. Expressions"
  },
  "deal": {
    "doc": "`deal n from a to z(each player)` / `to z(each side)` — one at a time, round robin from the left of the dealer; `deal all from a to …` deals everything",
    "section": "9. Statements (effects)"
  },
  "dealer": {
    "doc": "seats — `me` (the actor: only in an action, its parameters and `before turn action`, and in the defines and procedures they call; in `setup`, `scoring`, a `when` block or condition, `on timeout`, `idle`, and the game's frame — the rounds…",
    "section": "8. Expressions"
  },
  "deck": {
    "doc": "Cards, enums and decks: - `enum Name { value [\"symbol\"], … }`: a finite type; the symbol is how the value is written in card notation and shown on cards (default: the value's name).",
    "section": "4. Cards, enums and decks"
  },
  "define": {
    "doc": "Definitions and procedures: `define` names a pure expression (with typed parameters); `procedure` a statement list.",
    "section": "7. Definitions and procedures"
  },
  "die": {
    "doc": "Variables, sides, roles, dice: Types: `bool`, integer ranges, durations, enums, `Player`, `Side`, `Card`, `Pile`, and `T?` (may be `none`).",
    "section": "6. Variables, sides, roles, dice"
  },
  "elapsed": {
    "doc": "time — `now`, `elapsed` (ms since the open window or stage began), `round`",
    "section": "8. Expressions"
  },
  "end": {
    "doc": "`end turn`, `keep turn`, `skip next`, `reverse`, `turn to p`, `next step` — turn control (turn stages)",
    "section": "9. Statements (effects)"
  },
  "enum": {
    "doc": "Cards, enums and decks: - `enum Name { value [\"symbol\"], … }`: a finite type; the symbol is how the value is written in card notation and shown on cards (default: the value's name).",
    "section": "4. Cards, enums and decks"
  },
  "exists": {
    "doc": "`any x in S where e`, `all x in S where e`, `exists x in S where e` — quantifiers",
    "section": "8. Expressions"
  },
  "false": {
    "doc": "literals — numbers, durations, `true`, `false`, `none`, strings, lists `[a, b]`",
    "section": "8. Expressions"
  },
  "first": {
    "doc": "`first x in S where e`, `last x in S where e` — search (bottom to top)",
    "section": "8. Expressions"
  },
  "flip": {
    "doc": "`flip a to b [at i] [until cond]` — move a's top card to b (face up per b's visibility); `until` repeats, reburying failures at the bottom of `a`",
    "section": "9. Statements (effects)"
  },
  "floor": {
    "doc": "math — `abs floor ceil min(a,b) max(a,b) sqrt sin cos wrap(x, lo, hi)`",
    "section": "8. Expressions"
  },
  "for": {
    "doc": "`for each x in S [where e] {…}`, `repeat n {…}` — loops over finite sets",
    "section": "9. Statements (effects)"
  },
  "if": {
    "doc": "`if e {…} else if e {…} else {…}`",
    "section": "9. Statements (effects)"
  },
  "keep": {
    "doc": "`end turn`, `keep turn`, `skip next`, `reverse`, `turn to p`, `next step` — turn control (turn stages)",
    "section": "9. Statements (effects)"
  },
  "last": {
    "doc": "`first x in S where e`, `last x in S where e` — search (bottom to top)",
    "section": "8. Expressions"
  },
  "lay": {
    "doc": "`lay melds of L by R into z`, `lay best melds of L by R into z` — meld solver: exact / minimum leftover",
    "section": "9. Statements (effects)"
  },
  "layout": {
    "doc": "Layout hints: Layout hints change how a game is drawn, never how it plays.",
    "section": "14. Layout hints"
  },
  "left": {
    "doc": "seats — `me` (the actor: only in an action, its parameters and `before turn action`, and in the defines and procedures they call; in `setup`, `scoring`, a `when` block or condition, `on timeout`, `idle`, and the game's frame — the rounds…",
    "section": "8. Expressions"
  },
  "let": {
    "doc": "`let x = e` — a local",
    "section": "9. Statements (effects)"
  },
  "max": {
    "doc": "`max e for x in S`, `min e for x in S` — extremes",
    "section": "8. Expressions"
  },
  "me": {
    "doc": "seats — `me` (the actor: only in an action, its parameters and `before turn action`, and in the defines and procedures they call; in `setup`, `scoring`, a `when` block or condition, `on timeout`, `idle`, and the game's frame — the rounds…",
    "section": "8. Expressions"
  },
  "meld": {
    "doc": "Meld rules (rummy family): Names the runtime's meld solver configuration: minimum meld size; whether books and/or runs count, the attribute a run follows (`by suit`) and the rank attribute with its range (`over rank 3..13`, no wrap); whi…",
    "section": "9b. Meld rules (rummy family)"
  },
  "min": {
    "doc": "`max e for x in S`, `min e for x in S` — extremes",
    "section": "8. Expressions"
  },
  "move": {
    "doc": "`move c to z` / `to top of z` / `to bottom of z` / `to z at i` — move one card",
    "section": "9. Statements (effects)"
  },
  "my": {
    "doc": "seats — `me` (the actor: only in an action, its parameters and `before turn action`, and in the defines and procedures they call; in `setup`, `scoring`, a `when` block or condition, `on timeout`, `idle`, and the game's frame — the rounds…",
    "section": "8. Expressions"
  },
  "new": {
    "doc": "`new pile in f` (effects only) — creates an empty pile in a `piles` family and returns it",
    "section": "8. Expressions"
  },
  "next": {
    "doc": "`end turn`, `keep turn`, `skip next`, `reverse`, `turn to p`, `next step` — turn control (turn stages)",
    "section": "9. Statements (effects)"
  },
  "none": {
    "doc": "literals — numbers, durations, `true`, `false`, `none`, strings, lists `[a, b]`",
    "section": "8. Expressions"
  },
  "now": {
    "doc": "time — `now`, `elapsed` (ms since the open window or stage began), `round`",
    "section": "8. Expressions"
  },
  "open": {
    "doc": "`open window w`, `close window` — windows",
    "section": "9. Statements (effects)"
  },
  "option": {
    "doc": "Options: `option <name>: <domain> = <default> [\"description\"] [basic | advanced]`.",
    "section": "3. Options"
  },
  "owner": {
    "doc": "seats — `me` (the actor: only in an action, its parameters and `before turn action`, and in the defines and procedures they call; in `setup`, `scoring`, a `when` block or condition, `on timeout`, `idle`, and the game's frame — the rounds…",
    "section": "8. Expressions"
  },
  "pause": {
    "doc": "`pause d` — freeze all actions for `d`, then continue the block (triggers only)",
    "section": "9. Statements (effects)"
  },
  "player": {
    "doc": "seat literals — `player N`, `side N`: a seat by its number, 1-based in seat order (`p1`, `s1` in scenario files); more than the game seats is `seat_number_invalid`",
    "section": "8. Expressions"
  },
  "players": {
    "doc": "seats — `me` (the actor: only in an action, its parameters and `before turn action`, and in the defines and procedures they call; in `setup`, `scoring`, a `when` block or condition, `on timeout`, `idle`, and the game's frame — the rounds…",
    "section": "8. Expressions"
  },
  "plus_minus": {
    "doc": "stdlib — `plus_minus(v, k, lo, hi)`, `can_meld_all(cards, rules)`, `can_go_out(cards, rules, keep)`, `unmelded_points(cards, rules)`",
    "section": "8. Expressions"
  },
  "position": {
    "doc": "`position of c` — a card's index in its zone (slot of a row)",
    "section": "8. Expressions"
  },
  "procedure": {
    "doc": "Definitions and procedures: `define` names a pure expression (with typed parameters); `procedure` a statement list.",
    "section": "7. Definitions and procedures"
  },
  "random": {
    "doc": "chance (effects only) — `roll die`, `random a..b`",
    "section": "8. Expressions"
  },
  "refill": {
    "doc": "`refill a from b keeping top` — all of b but its top card go to a",
    "section": "9. Statements (effects)"
  },
  "repeat": {
    "doc": "`for each x in S [where e] {…}`, `repeat n {…}` — loops over finite sets",
    "section": "9. Statements (effects)"
  },
  "reverse": {
    "doc": "`end turn`, `keep turn`, `skip next`, `reverse`, `turn to p`, `next step` — turn control (turn stages)",
    "section": "9. Statements (effects)"
  },
  "right": {
    "doc": "seats — `me` (the actor: only in an action, its parameters and `before turn action`, and in the defines and procedures they call; in `setup`, `scoring`, a `when` block or condition, `on timeout`, `idle`, and the game's frame — the rounds…",
    "section": "8. Expressions"
  },
  "role": {
    "doc": "Variables, sides, roles, dice: Types: `bool`, integer ranges, durations, enums, `Player`, `Side`, `Card`, `Pile`, and `T?` (may be `none`).",
    "section": "6. Variables, sides, roles, dice"
  },
  "roles": {
    "doc": "Variables, sides, roles, dice: Types: `bool`, integer ranges, durations, enums, `Player`, `Side`, `Card`, `Pile`, and `T?` (may be `none`).",
    "section": "6. Variables, sides, roles, dice"
  },
  "roll": {
    "doc": "chance (effects only) — `roll die`, `random a..b`",
    "section": "8. Expressions"
  },
  "round": {
    "doc": "Flow: rounds, stages, windows: - At a round's start (before `setup`) every `piles` family is emptied: its cards go back to the first zone their deck was shuffled into, and the piles are removed.",
    "section": "10. Flow: rounds, stages, windows"
  },
  "rounds": {
    "doc": "Flow: rounds, stages, windows: - At a round's start (before `setup`) every `piles` family is emptied: its cards go back to the first zone their deck was shuffled into, and the piles are removed.",
    "section": "10. Flow: rounds, stages, windows"
  },
  "rules": {
    "doc": "Meld rules (rummy family): Names the runtime's meld solver configuration: minimum meld size; whether books and/or runs count, the attribute a run follows (`by suit`) and the rank attribute with its range (`over rank 3..13`, no wrap); whi…",
    "section": "9b. Meld rules (rummy family)"
  },
  "set": {
    "doc": "`set x = e`, `set v(p) = e`, `add e to x`, `subtract e from x` — variables",
    "section": "9. Statements (effects)"
  },
  "shuffle": {
    "doc": "`shuffle z`, `shuffle deck into z`, `shuffle deck(s) into z` — seeded shuffle; with a deck, first gathers all its cards from anywhere",
    "section": "9. Statements (effects)"
  },
  "side": {
    "doc": "Variables, sides, roles, dice: Types: `bool`, integer ranges, durations, enums, `Player`, `Side`, `Card`, `Pile`, and `T?` (may be `none`).",
    "section": "6. Variables, sides, roles, dice"
  },
  "sides": {
    "doc": "Variables, sides, roles, dice: Types: `bool`, integer ranges, durations, enums, `Player`, `Side`, `Card`, `Pile`, and `T?` (may be `none`).",
    "section": "6. Variables, sides, roles, dice"
  },
  "sin": {
    "doc": "math — `abs floor ceil min(a,b) max(a,b) sqrt sin cos wrap(x, lo, hi)`",
    "section": "8. Expressions"
  },
  "skip": {
    "doc": "`end turn`, `keep turn`, `skip next`, `reverse`, `turn to p`, `next step` — turn control (turn stages)",
    "section": "9. Statements (effects)"
  },
  "sqrt": {
    "doc": "math — `abs floor ceil min(a,b) max(a,b) sqrt sin cos wrap(x, lo, hi)`",
    "section": "8. Expressions"
  },
  "stage": {
    "doc": "Flow: rounds, stages, windows: - At a round's start (before `setup`) every `piles` family is emptied: its cards go back to the first zone their deck was shuffled into, and the piles are removed.",
    "section": "10. Flow: rounds, stages, windows"
  },
  "stages": {
    "doc": "Flow: rounds, stages, windows: - At a round's start (before `setup`) every `piles` family is emptied: its cards go back to the first zone their deck was shuffled into, and the piles are removed.",
    "section": "10. Flow: rounds, stages, windows"
  },
  "subtract": {
    "doc": "`set x = e`, `set v(p) = e`, `add e to x`, `subtract e from x` — variables",
    "section": "9. Statements (effects)"
  },
  "sum": {
    "doc": "`sum e for x in S` — sum",
    "section": "8. Expressions"
  },
  "to": {
    "doc": "`move c to z` / `to top of z` / `to bottom of z` / `to z at i` — move one card",
    "section": "9. Statements (effects)"
  },
  "top": {
    "doc": "`top of z`, `bottom of z` — a card, or `none`",
    "section": "8. Expressions"
  },
  "true": {
    "doc": "literals — numbers, durations, `true`, `false`, `none`, strings, lists `[a, b]`",
    "section": "8. Expressions"
  },
  "turn": {
    "doc": "`turn over a into b` — move a's cards to b in reverse order (a pile flipped over)",
    "section": "9. Statements (effects)"
  },
  "unmelded_points": {
    "doc": "stdlib — `plus_minus(v, k, lo, hi)`, `can_meld_all(cards, rules)`, `can_go_out(cards, rules, keep)`, `unmelded_points(cards, rules)`",
    "section": "8. Expressions"
  },
  "var": {
    "doc": "Variables, sides, roles, dice: Types: `bool`, integer ranges, durations, enums, `Player`, `Side`, `Card`, `Pile`, and `T?` (may be `none`).",
    "section": "6. Variables, sides, roles, dice"
  },
  "when": {
    "doc": "Hooks and triggers: After every accepted action and every timer, and once right after the game is set up (round 1's `setup` and the entry into its first stage, before anyone acts), triggers are checked in file order; each whose condition…",
    "section": "12. Hooks and triggers"
  },
  "window": {
    "doc": "Flow: rounds, stages, windows: - At a round's start (before `setup`) every `piles` family is emptied: its cards go back to the first zone their deck was shuffled into, and the piles are removed.",
    "section": "10. Flow: rounds, stages, windows"
  },
  "winner": {
    "doc": "End and winners: `ties replay` plays another round when the best value is shared (`among tied`: only the tied players take part; the others sit out, skipped by `each player`, `players` and turn order).",
    "section": "13. End and winners"
  },
  "wrap": {
    "doc": "math — `abs floor ceil min(a,b) max(a,b) sqrt sin cos wrap(x, lo, hi)`",
    "section": "8. Expressions"
  },
  "zone": {
    "doc": "Zones: `zone <name>: [per player | per side,] <shape>, <visibility> [unless <condition>] [, refill from <zone> keeping top]`.",
    "section": "5. Zones"
  }
};
