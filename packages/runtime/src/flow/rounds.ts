// Rounds, stages and the end of the game (language.md §10, §13).
import type { EngineParts } from '../core/engine-parts.ts';
import { newScope } from '../arbitration/scope.ts';
import { NONE } from '../core/game-def.ts';
import type { EndedBy, GameResult, GameState } from '../core/state.ts';
import { nextInt } from '../rng/index.ts';
import { closeWindow, startTurn } from './control.ts';
import { moveCard } from '../zones/ops.ts';

/** Final score per player (a side's score for each of its players). */
export function scoresOf(e: EngineParts): number[] {
  const s = e.s;
  const v = e.def.scoreVar;
  const scope = e.def.vars[v].scope;
  const out: number[] = [];
  for (let p = 0; p < s.players; p++) out.push(scope === 'side' ? e.sv(v, s.sideOf[p]) : scope === 'player' ? e.pv(v, p) : e.g(v));
  return out;
}

/** Starts round r: dealer, emptied `piles` families, round values, setup, first stage. */
export function startRound(e: EngineParts, r: number): void {
  const s = e.s;
  const rd = e.def.rounds;
  e.set('round', r);
  if (r === 1 || s.dealer < 0) {
    let d = 0;
    const random = (rd.dealer.first === 'random') === (rd.dealer.firstIf === undefined || rd.dealer.firstIf(e));
    if (random) d = nextInt(e.wRng(), s.players);
    if (s.out[d] !== 0) d = e.leftOf(d);
    e.set('dealer', d);
  } else if (rd.dealer.rotate === 'left') e.set('dealer', e.leftOf(s.dealer));
  else if (rd.dealer.rotate === 'right') e.set('dealer', e.rightOf(s.dealer));
  else if (s.out[s.dealer] !== 0) e.set('dealer', e.leftOf(s.dealer));
  emptyFamilies(e);
  for (const rv of rd.values) e.setG(rv.varIndex, rv.compute(e));
  e.set('dir', 1);
  e.set('skips', 0);
  e.set('current', NONE);
  if (!e.quiet) e.events.push({ type: 'round', round: r, phase: 'start' });
  e.me = NONE;
  e.resetTurnFlags();
  rd.setup(e);
  e.resetTurnFlags();
  enterStage(e, 0);
}

/** Every family pile's cards go home, and the piles are removed. */
function emptyFamilies(e: EngineParts): void {
  const s = e.s;
  if (s.zones.length === s.staticZones) return;
  for (let z = s.staticZones; z < s.zones.length; z++) {
    const cards = s.zones[z].filter((c) => c >= 0);
    for (const c of cards) moveCard(e, c, s.home[c], 'top');
  }
  const n = s.staticZones;
  e.wZones().length = n;
  const meta = e.wMeta();
  meta.zoneDecl.length = n;
  meta.zoneOwner.length = n;
  for (let k = 0; k < e.c.pileVarCount; k++) e.wPileVar(k).length = n;
  for (let d = 0; d < e.def.zones.length; d++) if (e.c.isFamily[d] === 1 && s.families[d].length > 0) e.wFamily(d).length = 0;
}

/** At most this many rounds in a row may skip every stage (`stages a if …`) before the game is stuck. */
export const MAX_EMPTY_ROUNDS = 64;

export function enterStage(e: EngineParts, from: number): void {
  const s = e.s;
  if (s.window >= 0) closeWindow(e);
  // `stages a if cond, …`: a stage whose condition is false now is skipped.
  const when = e.def.rounds.stageWhen;
  let pos = from;
  while (when !== undefined && pos < e.def.rounds.stages.length && when[pos]?.(e) === false) pos++;
  if (pos >= e.def.rounds.stages.length) {
    if (from === 0 && ++e.emptyRounds > MAX_EMPTY_ROUNDS) {
      e.emptyRounds = 0;
      finishGame(e, 'stuck', 'limit');
    } else endRound(e, false);
    return;
  }
  e.emptyRounds = 0;
  const sd = e.def.stages[e.def.rounds.stages[pos]];
  e.set('stage', pos);
  e.set('stageStart', e.now);
  newScope(e);
  e.set('step', 0);
  e.set('turnDeadline', NONE);
  e.set('idleDeadline', NONE);
  e.set('stageDeadline', NONE);
  let deadline = NONE;
  if (sd.kind === 'pause') {
    deadline = e.now + Math.max(0, sd.ms(e));
    e.set('stageDeadline', deadline);
  } else if (sd.kind === 'realtime' && sd.idle !== undefined) {
    const ms = sd.idle.ms(e);
    if (ms > 0) e.set('idleDeadline', e.now + ms);
  }
  if (!e.quiet) e.events.push({ type: 'stage', stage: sd.name, deadline: deadline < 0 ? null : deadline });
  if (sd.kind === 'turns') {
    e.me = NONE;
    let p = sd.first(e);
    if (p < 0 || p >= s.players) p = e.leftOf(s.dealer);
    if (s.out[p] !== 0) p = e.leftOf(p);
    startTurn(e, p);
  } else e.set('current', NONE);
}

export function nextStage(e: EngineParts): void {
  const pos = e.s.stage + 1;
  if (pos < e.def.rounds.stages.length) enterStage(e, pos);
  else endRound(e, false);
}

function stopClock(e: EngineParts): void {
  if (e.s.window >= 0) closeWindow(e);
  e.set('turnDeadline', NONE);
  e.set('idleDeadline', NONE);
  e.set('stageDeadline', NONE);
  e.set('pauseUntil', NONE);
  e.set('pauseCont', NONE);
}

/** Ends the round: scoring, then the next round or the end of the game. */
export function endRound(e: EngineParts, gameEnds: boolean): void {
  stopClock(e);
  const rd = e.def.rounds;
  e.me = NONE;
  e.resetTurnFlags();
  const before = scoresOf(e);
  rd.scoring?.(e);
  e.resetTurnFlags();
  e.rEndStage = e.rEndRound = e.rEndGame = false;
  const scores = scoresOf(e);
  // `scored`: what the scoring block itself added, so a client can say how a round's points were made.
  if (!e.quiet) e.events.push({ type: 'round', round: e.s.round, phase: 'end', scores, scored: scores.map((x, p) => x - before[p]) });
  const over = gameEnds || (rd.count !== undefined && e.s.round >= rd.count(e)) || (rd.until !== undefined && rd.until(e));
  if (over) finishGame(e, 'end');
  else startRound(e, e.s.round + 1);
}

/** Winners by the `winner` rule among active players, and whether different sides tie. */
export function rankPlayers(e: EngineParts): { winners: number[]; tied: boolean } {
  const s = e.s;
  const w = e.def.winner;
  let best = 0;
  let any = false;
  const values: number[] = [];
  for (let p = 0; p < s.players; p++) {
    const v = s.out[p] === 0 ? w.value(e, p) : NaN;
    values.push(v);
    if (s.out[p] !== 0) continue;
    if (!any || (w.by === 'highest' ? v > best : v < best)) best = v;
    any = true;
  }
  const winners: number[] = [];
  for (let p = 0; p < s.players; p++) if (s.out[p] === 0 && values[p] === best) winners.push(p);
  let tied = false;
  for (const p of winners) if (s.sideOf[p] !== s.sideOf[winners[0]]) tied = true;
  return { winners, tied };
}

/** Ends the game (or replays a round on a tie, per `ties replay`). */
export function finishGame(e: EngineParts, endedBy: EndedBy, reason?: GameResult['reason']): void {
  const s = e.s;
  stopClock(e);
  e.rEndStage = e.rEndRound = e.rEndGame = false;
  let winners: number[] = [];
  if (endedBy === 'end') {
    const ranked = rankPlayers(e);
    winners = ranked.winners;
    const ties = e.def.winner.ties;
    if (ranked.tied && ties.replay && s.moves < s.maxMoves && (ties.when === undefined || ties.when(e))) {
      if (ties.amongTied) {
        const out = e.wOut();
        for (let p = 0; p < s.players; p++) out[p] = winners.includes(p) ? 0 : 1;
      }
      startRound(e, s.round + 1);
      return;
    }
  }
  const scores = scoresOf(e);
  const result: GameState['result'] = reason === undefined ? { winners, scores, endedBy } : { winners, scores, endedBy, reason };
  e.set('result', result);
  e.set('stage', NONE);
  e.set('current', NONE);
  if (!e.quiet) e.events.push({ type: 'game_over', winners, scores, endedBy });
}
