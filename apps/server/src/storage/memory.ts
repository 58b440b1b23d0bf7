// In-memory storage with the same contract as SQLite (tests, and `--db :memory:`-like throwaway servers).
import type { ChatLine } from '@decksmith/protocol';
import { isOver, notNext, type LogEntry, type RoomPatch, type RoomRecord, type RoomStatus, type SeatRecord, type Storage } from './storage.ts';

const copy = <T>(x: T): T => structuredClone(x);

export class MemoryStorage implements Storage {
  private readonly rooms = new Map<string, RoomRecord>();
  private readonly logs = new Map<string, LogEntry[]>();
  private readonly chats = new Map<string, ChatLine[]>();

  async createRoom(room: RoomRecord): Promise<void> {
    if (this.rooms.has(room.id)) throw new Error(`room ${room.id} exists`);
    this.rooms.set(room.id, copy(room));
    this.logs.set(room.id, []);
  }

  async claimSeat(roomId: string, seat: number, tokenHash: string, name: string | undefined): Promise<boolean> {
    const s = this.rooms.get(roomId)?.seats[seat];
    if (!s || s.kind !== 'human' || s.tokenHash) return false;
    s.tokenHash = tokenHash;
    if (name !== undefined) s.name = name;
    return true;
  }

  async releaseSeat(roomId: string, seat: number, tokenHash: string, replacement: SeatRecord): Promise<boolean> {
    const seats = this.rooms.get(roomId)?.seats;
    if (!seats?.[seat] || seats[seat].tokenHash !== tokenHash) return false;
    seats[seat] = copy(replacement);
    return true;
  }

  async updateRoom(roomId: string, patch: RoomPatch): Promise<void> {
    const r = this.rooms.get(roomId);
    if (r) Object.assign(r, copy(patch));
  }

  async appendAction(roomId: string, entry: LogEntry): Promise<void> {
    const log = this.logs.get(roomId);
    if (!log) throw new Error(`no room ${roomId}`);
    if (entry.n !== log.length + 1) throw notNext(roomId, entry.n, log.length + 1);
    log.push(copy(entry));
  }

  async getRoom(roomId: string): Promise<RoomRecord | null> {
    const r = this.rooms.get(roomId);
    return r ? copy(r) : null;
  }

  async getActions(roomId: string): Promise<LogEntry[]> {
    return copy(this.logs.get(roomId) ?? []);
  }

  async appendChat(roomId: string, line: ChatLine): Promise<void> {
    if (!this.rooms.has(roomId)) throw new Error(`no room ${roomId}`);
    this.chats.set(roomId, [...(this.chats.get(roomId) ?? []), copy(line)]);
  }

  async getChat(roomId: string, limit = 10_000): Promise<ChatLine[]> {
    return copy((this.chats.get(roomId) ?? []).slice(0, limit));
  }

  async listRooms(statuses: readonly RoomStatus[], limit = 10_000): Promise<RoomRecord[]> {
    return [...this.rooms.values()]
      .filter((r) => statuses.includes(r.status))
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(0, limit)
      .map(copy);
  }

  async pruneRooms(endedBefore: number, limit: number): Promise<string[]> {
    const old = [...this.rooms.values()]
      .filter((r) => isOver(r.status) && r.endedAt !== undefined && r.endedAt < endedBefore)
      .sort((a, b) => a.endedAt! - b.endedAt!)
      .slice(0, Math.max(0, limit));
    for (const r of old) {
      this.rooms.delete(r.id);
      this.logs.delete(r.id);
      this.chats.delete(r.id);
    }
    return old.map((r) => r.id);
  }

  async close(): Promise<void> {}
}
