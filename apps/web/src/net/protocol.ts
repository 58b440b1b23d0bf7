// The wire shapes the client speaks: WebSocket protocol v1 (apps/server/src/transport/ws/protocol.ts).
// The runtime's view, events, actions and results are its own types (type-only imports, erased at
// build); the envelopes are redeclared here because the web may not import the server.
import type { Action, GameResult, GameView, ViewCard, ViewEvent, ViewSlot } from '@decksmith/runtime';

export type { Action, ArgValue, GameResult, GameView, ViewBack, ViewCard, ViewEvent, ViewSlot, ZoneView } from '@decksmith/runtime';

export const PROTOCOL_VERSION = 1;

/** An action as sent and as the server lists legal ones (cards are this seat's view ids): the runtime's `Action`. */
export type WireAction = Action;

export interface SeatPresence {
  kind: 'human' | 'bot';
  claimed: boolean;
  connected: boolean;
}

export type ServerMessage =
  | {
      t: 'welcome';
      v: number;
      room: string;
      game: string;
      seat: number | null;
      players: number;
      status: string;
      n: number;
      lastSeq: number;
      now: number;
      view: GameView;
      legal?: WireAction[];
      result?: GameResult;
      seats: SeatPresence[];
    }
  | { t: 'ack'; seq: number; n: number }
  | { t: 'reject'; seq: number; code: string; message: string }
  | { t: 'update'; n: number; now: number; events: ViewEvent[]; view: GameView; legal?: WireAction[]; result?: GameResult }
  | { t: 'presence'; seats: SeatPresence[] }
  | { t: 'error'; code: string; message: string; seq?: number }
  | { t: 'pong'; id?: number; now: number }
  | { t: 'bye'; code: string; message: string };

export type ClientMessage =
  | { t: 'join'; v: number; room: string; token?: string }
  | { t: 'action'; seq: number; action: WireAction }
  | { t: 'ping'; id?: number }
  | { t: 'resync' };

export function isCard(slot: ViewSlot | undefined): slot is ViewCard {
  return !!slot && 'id' in slot;
}
