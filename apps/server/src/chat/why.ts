// Why a seat cannot take one of its actions now: the runtime's own rejection sentence, computed on demand, cached per room height.
import type { SocialServerMessage } from '@decksmith/protocol';
import type { GameEngine } from '../games/types.ts';
import type { Room } from '../rooms/room.ts';

type WhyFrame = Extract<SocialServerMessage, { t: 'why' }>;

/** Answers kept per room: one per (seat, action) at the room's current height, so asking again costs nothing. */
const MAX_CACHED = 256;
const cache = new WeakMap<Room, { height: number; now: number; answers: Map<string, WhyFrame> }>();

/**
 * Whether `seat` may take `action` now and, when not, why: a legal action says so; otherwise
 * the engine applies the bare action to a copy of the state (pure: nothing changes) and its
 * rejection is the reason. An action that takes parameters and passes every check but its
 * arguments has no choice that is legal now.
 *
 * @example
 * whyNot(room, engine, 1, 'knock') // { t: 'why', action: 'knock', legal: false, code: 'turn/not_yours', message: "It is not your turn." }
 */
export function whyNot(room: Room, engine: GameEngine, seat: number, action: string): WhyFrame {
  const now = room.now();
  let c = cache.get(room);
  if (!c || c.height !== room.height || c.now !== now) cache.set(room, (c = { height: room.height, now, answers: new Map() }));
  const key = `${seat}:${action}`;
  const known = c.answers.get(key);
  if (known) return known;
  const answer = compute(room, engine, seat, action, now);
  if (c.answers.size < MAX_CACHED) c.answers.set(key, answer);
  return answer;
}

function compute(room: Room, engine: GameEngine, seat: number, action: string, now: number): WhyFrame {
  if (room.status === 'waiting') return { t: 'why', action, legal: false, code: 'game/not_started', message: 'The game has not started: every seat must be taken first.' };
  const state = room.state;
  if (engine.legalActions(state, seat, now).some((a) => a.type === action)) return { t: 'why', action, legal: true, message: 'You can do this now.' };
  const r = engine.apply(state, seat, { type: action }, now);
  if (!('rejected' in r)) return { t: 'why', action, legal: true, message: 'You can do this now.' };
  const { code, message } = r.rejected;
  // Only its arguments were wrong: no card, pile or value makes it legal now.
  if (code.startsWith('input/') && / is missing\.$/.test(message)) {
    return { t: 'why', action, legal: false, code: 'action/no_choice', message: 'None of your choices makes this legal right now.' };
  }
  return { t: 'why', action, legal: false, code, message };
}
