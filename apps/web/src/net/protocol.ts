// The wire as the client reads it: the shapes come from @decksmith/protocol (types only, erased at
// build, so the schemas stay out of the bundle), carrying the runtime's views, actions and events.
import type { GamePayloads, ServerMessage as Frame, UpdateCommon, WelcomeMessage } from '@decksmith/protocol';
import type { GameView, ViewCard, ViewPatch, ViewSlot } from '@decksmith/runtime';

export { PROTOCOL_VERSION } from '@decksmith/protocol/version';
export type { ClientMessage, SeatPresence, WireAction } from '@decksmith/protocol';
export type { Action, ArgValue, GameResult, GameView, ViewBack, ViewCard, ViewEvent, ViewSlot, ZoneView } from '@decksmith/runtime';

/** A parsed frame is the client's own copy: its arrays are plain arrays (the server's types are read-only). */
type Owned<T> = T extends unknown ? { -readonly [K in keyof T]: T[K] extends readonly (infer U)[] | undefined ? U[] | Extract<T[K], undefined> : T[K] } : never;

/** A welcome on a version 2 connection: `ver` numbers the view, the base of the next patch. */
type Welcome = WelcomeMessage<GamePayloads> & { ver: number };

/** An update on a version 2 connection: a patch of the view at version `base`, or (after a missed frame) the whole view. */
export type WireUpdate = Owned<UpdateCommon<GamePayloads>> & ({ base: number; ver: number; patch: ViewPatch } | { ver: number; view: GameView });

/** A frame as it arrives on a version 2 connection. */
export type WireMessage = Owned<Exclude<Frame<GamePayloads>, { t: 'welcome' } | { t: 'update' }> | Welcome> | WireUpdate;

/** A frame as the table takes it: `RoomSocket` turns every `update` into one with the whole view. */
export type ServerMessage = Exclude<WireMessage, { t: 'update' }> | (Owned<UpdateCommon<GamePayloads>> & { view: GameView });

export function isCard(slot: ViewSlot | undefined): slot is ViewCard {
  return !!slot && 'id' in slot;
}
