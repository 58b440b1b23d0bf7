// The wire shapes the client speaks: WebSocket protocol v1 (apps/server/src/transport/ws/protocol.ts),
// the runtime's view and events, and the HTTP API's JSON. Redeclared here: the web may not import the server.

export const PROTOCOL_VERSION = 1;

export type ArgValue = number | string | boolean | number[];

/** An action as sent and as the server lists legal ones (cards are this seat's view ids). */
export interface WireAction {
  type: string;
  args?: Record<string, ArgValue>;
  expect?: { height: number; top: number | null };
  round?: number;
}

export interface ViewCard {
  id: number;
  face: number;
  shown: string;
  owner: number;
}
export interface ViewBack {
  back: number;
}
export type ViewSlot = ViewCard | ViewBack | null;

export interface ZoneView {
  id: number;
  name: string;
  owner: number;
  shape: 'pile' | 'fan' | 'row' | 'piles';
  visibility: 'visible' | 'top' | 'owner' | 'hidden' | 'count';
  count: number;
  cards?: ViewSlot[];
}

export interface GameResult {
  winners: number[];
  scores: number[];
  endedBy?: string;
}

export interface GameView {
  game: string;
  seat: number | 'spectator';
  players: number;
  sideOf: number[];
  roles: string[][];
  out: number[];
  round: number;
  dealer: number;
  direction: 1 | -1;
  current: number | null;
  stage: { name: string; kind: 'turns' | 'realtime' | 'pause'; started: number; deadline: number | null; step: string | null } | null;
  window: { name: string; started: number; deadline: number | null } | null;
  pause: { until: number } | null;
  turnDeadline: number | null;
  idleDeadline: number | null;
  now: number;
  zones: ZoneView[];
  vars: Record<string, number | number[] | Record<number, number>>;
  scores: number[];
  actions: string[];
  result: GameResult | null;
}

export type ViewEvent =
  | { type: 'move'; from: number; to: number; at: number; card: number; face: number; shown: string }
  | { type: 'move'; from: number; to: number; at: number; back: number }
  | { type: 'shuffle'; zone: number }
  | { type: 'announce'; text: string }
  | { type: 'action'; seat: number; action: string }
  | { type: 'turn'; player: number; deadline: number | null }
  | { type: 'step'; step: string }
  | { type: 'stage'; stage: string; deadline: number | null }
  | { type: 'window'; window: string; open: boolean; deadline: number | null }
  | { type: 'pause'; until: number }
  | { type: 'round'; round: number; phase: 'start' | 'end'; scores?: number[] }
  | { type: 'roll'; die: string; value: number }
  | { type: 'timer'; timer: string; at: number }
  | { type: 'game_over'; winners: number[]; scores: number[]; endedBy: string };

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
