// The wire shapes the client speaks: WebSocket protocol v2, view patches (apps/server/src/transport/ws/protocol.ts; docs/protocol.md).
// The runtime's view, events, actions and results are its own types (type-only imports, erased at
// build); the envelopes are redeclared here because the web may not import the server.
import type { Action, GameResult, GameView, ViewCard, ViewEvent, ViewPatch, ViewSlot } from '@decksmith/runtime';

export type { Action, ArgValue, GameResult, GameView, ViewBack, ViewCard, ViewEvent, ViewSlot, ZoneView } from '@decksmith/runtime';

export const PROTOCOL_VERSION = 2;

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
      /** The version of `view`: the base of the next update's patch. */
      ver: number;
      legal?: WireAction[];
      result?: GameResult;
      seats: SeatPresence[];
      /** Commitment to the room's seed (hex SHA-256). */
      seedHash?: string;
      /** The seed was chosen by the room's creator. */
      practice?: boolean;
    }
  | { t: 'ack'; seq: number; n: number }
  | { t: 'reject'; seq: number; code: string; message: string }
  | { t: 'update'; n: number; now: number; events: ViewEvent[]; view: GameView; legal?: WireAction[]; result?: GameResult }
  | { t: 'presence'; seats: SeatPresence[] }
  | { t: 'error'; code: string; message: string; seq?: number }
  | { t: 'pong'; id?: number; now: number }
  | { t: 'bye'; code: string; message: string };

interface UpdateCommon {
  t: 'update';
  n: number;
  now: number;
  events: ViewEvent[];
  legal?: WireAction[];
  result?: GameResult;
}

/** An update as it arrives: a patch of the view at version `base`, or (after a missed frame) the whole view. */
export type WireUpdate = UpdateCommon & ({ base: number; ver: number; patch: ViewPatch } | { ver: number; view: GameView });

/** A frame as it arrives; `RoomSocket` turns every `update` into a `ServerMessage` with the whole view. */
export type WireMessage = Exclude<ServerMessage, { t: 'update' }> | WireUpdate;

export type ClientMessage =
  | { t: 'join'; v: number; room: string; token?: string }
  | { t: 'action'; seq: number; action: WireAction }
  | { t: 'ping'; id?: number }
  | { t: 'resync' };

export function isCard(slot: ViewSlot | undefined): slot is ViewCard {
  return !!slot && 'id' in slot;
}
