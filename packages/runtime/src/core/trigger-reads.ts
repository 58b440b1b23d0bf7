// Incremental triggers (issue 24): each write to the state stamps the channel it writes (a zone
// declaration, a variable, the seats, the current player, the flow) with a write clock, and a
// trigger whose test last returned false is re-tested only when a channel of its read set
// (TriggerDef.reads, from the codegen) was written since. A definition without `reads` (the
// reference, and tests that take them out) re-tests every trigger after every action.
import type { GameDef, TriggerReads } from './game-def.ts';

/** Every trigger reads it: stage, round and result changes, bulk zone rewrites, a new call. */
export const CH_ALL = 0;
export const CH_CURRENT = 1;
export const CH_SEATS = 2;
export const CH_FLOW = 3;
/** Zone declaration d's channel is CH_ZONES + d; variable v's is CH_ZONES + zones + v. */
export const CH_ZONES = 4;

/**
 * The channels a read set stands for (CH_ALL first), or null: re-test after every action. A test
 * that reads where any card is (`position of`, rare in triggers) is re-tested every time, so that
 * a zone write stamps one channel, not two.
 */
export function readChannels(def: GameDef, reads: TriggerReads | undefined): Float64Array | null {
  if (reads === undefined || reads.anyZone) return null;
  const ch = [CH_ALL];
  if (reads.current) ch.push(CH_CURRENT);
  if (reads.seats) ch.push(CH_SEATS);
  if (reads.flow) ch.push(CH_FLOW);
  for (const d of reads.zones) ch.push(CH_ZONES + d);
  for (const v of reads.vars) ch.push(CH_ZONES + def.zones.length + v);
  return Float64Array.from(ch);
}

/** Number of channels of a definition. */
export function channelCount(def: GameDef): number {
  return CH_ZONES + def.zones.length + def.vars.length;
}

/**
 * Whether any channel of `reads` was written after clock value `at` (-1: never tested or
 * computed). When not, a trigger that tested false then is false still, and a value kept then
 * (Engine.memo) is good still.
 */
export function readSince(chan: Float64Array, reads: Float64Array, at: number): boolean {
  if (at < 0) return true;
  for (let i = 0; i < reads.length; i++) if (chan[reads[i]] > at) return true;
  return false;
}
