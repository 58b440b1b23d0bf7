// The connection's side of chat and "why not": routes a `chat` or `why` frame of a joined connection, answering refusals with coded errors.
import type { ChatMsg, WhyMsg } from '@decksmith/protocol';
import type { GameRegistry } from '../games/registry.ts';
import type { Room } from '../rooms/room.ts';
import type { Subscriber } from '../rooms/subscriber.ts';
import { ChatWindow } from './limits.ts';
import type { ChatRooms } from './room-chat.ts';
import { whyNot } from './why.ts';

export interface SocialDeps {
  chat: ChatRooms;
  registry: GameRegistry;
}

/** "Why not" questions one connection may ask per second (each is answered from a cache or costs one legal-action listing). */
const WHY_LIMITS = { maxChars: 0, lines: 8, windowMs: 1000, roomLines: 0 };
const whyWindows = new WeakMap<Subscriber, ChatWindow>();

/** Handles a `chat` or `why` frame; `error` sends a coded error to this connection only. */
export async function socialMessage(msg: ChatMsg | WhyMsg, room: Room, sub: Subscriber, deps: SocialDeps, error: (code: string, message: string) => void): Promise<void> {
  if (msg.t === 'chat') {
    const refused = await deps.chat.post(room, sub, msg);
    if (refused) error(refused.code, refused.message);
    return;
  }
  if (sub.viewer === 'spectator') return void sub.send({ t: 'why', action: msg.action, legal: false, code: 'seat/spectator', message: 'Spectators cannot act.' });
  let w = whyWindows.get(sub);
  if (!w) whyWindows.set(sub, (w = new ChatWindow(WHY_LIMITS)));
  if (w.admit(performance.now())) return error('rate/limited', `At most ${WHY_LIMITS.lines} "why" questions per second.`);
  const game = deps.registry.get(room.record.game);
  if (!game) return error('game/unknown', 'This room\'s game is not hosted here.');
  sub.send(whyNot(room, game.engine, sub.viewer, msg.action));
}
