// A room as the HTTP API and the lobbies describe it: seats with presence, counts, times, result and the seed's commitment.
import type { Room } from '../../rooms/room.ts';
import type { RoomRecord } from '../../storage/storage.ts';

/** The summary of a room (`GET /api/rooms/:id`, lobby items); `room` is the loaded room when there is one (presence), `n` its log height. */
export function roomSummary(record: RoomRecord, room: Room | undefined, n: number) {
  const presence = room?.presence();
  return {
    id: record.id,
    game: record.game,
    status: record.status,
    players: record.players,
    options: record.options,
    seats: record.seats.map((s, i) => ({
      kind: s.kind,
      ...(s.level ? { level: s.level } : {}),
      ...(s.name ? { name: s.name } : {}),
      claimed: s.kind === 'bot' || !!s.tokenHash,
      connected: presence?.[i]?.connected ?? false,
      ...(s.resigned ? { resigned: true } : {}),
    })),
    ...(room?.abandoned ? { abandoned: true } : {}),
    n,
    createdAt: record.createdAt,
    ...(record.startedAt !== undefined ? { startedAt: record.startedAt } : {}),
    ...(record.endedAt !== undefined ? { endedAt: record.endedAt } : {}),
    ...(record.result ? { result: record.result } : {}),
    seedHash: record.seedHash,
    practice: record.practice === true,
  };
}
