// A room's chat: lines loaded from storage once, posts checked against the limits, stored, then sent (spectators' lines to spectators only).
import type { ChatLine, ChatMsg, ServerMessage } from '@decksmith/protocol';
import type { Rejection } from '../games/types.ts';
import type { Room } from '../rooms/room.ts';
import type { Subscriber } from '../rooms/subscriber.ts';
import type { Storage } from '../storage/storage.ts';
import { ChatWindow, cleanLine, DEFAULT_CHAT_LIMITS, type ChatLimits } from './limits.ts';

/** One room's chat as this process holds it. */
class RoomChat {
  lines: ChatLine[] = [];
  /** Posting windows: one per seat (all its connections), one per spectator connection. */
  readonly windows = new Map<number | Subscriber, ChatWindow>();
  constructor(readonly loaded: Promise<void>) {}
}

/** Whether `sub` may read `line`: players' lines everyone, spectators' lines spectators only. */
export function canRead(sub: Pick<Subscriber, 'viewer'>, line: ChatLine): boolean {
  return line.channel === 'players' || sub.viewer === 'spectator';
}

/**
 * The chat of every room this process hosts (held per Room object, so a room reloaded from
 * storage loads its lines again).
 */
export class ChatRooms {
  private readonly rooms = new WeakMap<Room, RoomChat>();

  constructor(
    private readonly storage: Storage,
    private readonly limits: ChatLimits = DEFAULT_CHAT_LIMITS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  private of(room: Room): RoomChat {
    let c = this.rooms.get(room);
    if (!c) {
      const chat: RoomChat = new RoomChat(
        this.storage.getChat(room.id, this.limits.roomLines).then((lines) => {
          chat.lines = [...lines, ...chat.lines];
        }),
      );
      c = chat;
      this.rooms.set(room, c);
    }
    return c;
  }

  /** Sends `sub` the lines it may read so far (one `chat` frame marked `history`). */
  async history(room: Room, sub: Subscriber): Promise<void> {
    const c = this.of(room);
    await c.loaded;
    const lines = c.lines.filter((l) => canRead(sub, l));
    if (lines.length > 0) sub.send({ t: 'chat', lines, history: true });
  }

  /** Checks, stores and sends one line from `sub`; a refusal changes nothing. */
  async post(room: Room, sub: Subscriber, msg: ChatMsg): Promise<Rejection | null> {
    const clean = cleanLine(msg, this.limits);
    if ('code' in clean) return clean;
    const c = this.of(room);
    await c.loaded;
    if (c.lines.length >= this.limits.roomLines) return { code: 'chat/full', message: `This table's chat is full (${this.limits.roomLines} lines).` };
    const key = sub.viewer === 'spectator' ? sub : sub.viewer;
    let w = c.windows.get(key);
    if (!w) c.windows.set(key, (w = new ChatWindow(this.limits)));
    const refused = w.admit(this.clock());
    if (refused) return refused;
    const seat = sub.viewer === 'spectator' ? null : sub.viewer;
    const name = seat === null ? undefined : room.record.seats[seat]?.name;
    const line: ChatLine = { at: room.now(), seat, ...(name ? { name } : {}), channel: seat === null ? 'spectators' : 'players', kind: clean.kind, text: clean.text };
    c.lines.push(line);
    try {
      await this.storage.appendChat(room.id, line);
    } catch (error) {
      c.lines.splice(c.lines.indexOf(line), 1);
      // In a cluster, this node lost the room's lease (cluster/lease-storage.ts): the line is not sent; the new owner hosts the chat.
      if ((error as { code?: unknown }).code === 'lease/lost') return { code: 'server/moved', message: 'This server no longer hosts the room; reconnect to chat.' };
      throw error;
    }
    const frame: ServerMessage = { t: 'chat', lines: [line] };
    for (const s of room.subscribers) if (canRead(s, line)) s.send(frame);
    return null;
  }
}
