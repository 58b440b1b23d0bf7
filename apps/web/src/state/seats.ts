// Seat tokens kept in this browser (localStorage, one entry per room) and the player's name,
// so a reload or a lost connection rejoins the same seat.

export interface HeldSeat {
  seat: number;
  token: string;
}

const KEY = (room: string) => `decksmith:seat:${room}`;
const NAME = 'decksmith:name';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function heldSeat(room: string): HeldSeat | null {
  const raw = storage()?.getItem(KEY(room));
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as HeldSeat;
    return typeof v.seat === 'number' && typeof v.token === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** Told of every seat this browser claims (the remembered player links it to itself: profile/player.svelte.ts). */
export const seatListeners = new Set<(room: string, seat: HeldSeat) => void>();

export function holdSeat(room: string, seat: HeldSeat): void {
  storage()?.setItem(KEY(room), JSON.stringify(seat));
  for (const listen of seatListeners) listen(room, seat);
}

export function forgetSeat(room: string): void {
  storage()?.removeItem(KEY(room));
}

export function playerName(): string {
  return storage()?.getItem(NAME) ?? '';
}

export function setPlayerName(name: string): void {
  storage()?.setItem(NAME, name.trim().slice(0, 40));
}
