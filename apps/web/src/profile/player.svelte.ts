// This browser's remembered player: a name and colour (localStorage), and the player key the server issued (kept here only).
import type { LeaderboardReply, MyRatingReply, MyRatingsReply, PlayerInfo, PlayerKeyReply, RoomPlayersReply } from '@decksmith/protocol/ratings';
import { ApiError, call } from '../net/api.ts';
import { playerName, seatListeners, setPlayerName } from '../state/seats.ts';

const KEY = 'decksmith:player';
const COLOUR = 'decksmith:colour';

/** Colours offered (each readable as a chip on the felt and in the light lobby). */
export const COLOURS = ['#c62828', '#ad1457', '#6a1b9a', '#283593', '#0277bd', '#00796b', '#2e7d32', '#9e7c00', '#e65100', '#4e342e'] as const;

interface Held {
  key: string;
  id: string;
}

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function held(): Held | null {
  try {
    const v = JSON.parse(store()?.getItem(KEY) ?? 'null') as Held | null;
    return v && typeof v.key === 'string' && typeof v.id === 'string' ? v : null;
  } catch {
    return null;
  }
}


const bearer = (key: string): RequestInit => ({ headers: { authorization: `Bearer ${key}` } });

/** The player as this browser knows it (reactive). */
class Me {
  name = $state(playerName());
  colour = $state(store()?.getItem(COLOUR) ?? COLOURS[Math.floor(Math.random() * COLOURS.length)]!);
  id = $state<string | null>(held()?.id ?? null);
  problem = $state<string | null>(null);

  /** Keeps the name and colour here and on the server (issuing a player key the first time). */
  async save(name: string, colour: string): Promise<boolean> {
    this.problem = null;
    try {
      const h = held();
      const body = JSON.stringify({ name, colour });
      let info: PlayerInfo;
      if (h) {
        info = await call<PlayerInfo>('/api/players/me', { method: 'PUT', body, headers: { authorization: `Bearer ${h.key}` } });
      } else {
        const r = await call<PlayerKeyReply>('/api/players', { method: 'POST', body });
        store()?.setItem(KEY, JSON.stringify({ key: r.key, id: r.player.id }));
        info = r.player;
      }
      this.name = info.name;
      this.colour = info.colour;
      this.id = info.id;
      setPlayerName(info.name);
      store()?.setItem(COLOUR, info.colour);
      return true;
    } catch (e) {
      // A key the server no longer knows (its database was reset): forget it and register again.
      if (e instanceof ApiError && e.code === 'player/unknown') {
        store()?.removeItem(KEY);
        return this.save(name, colour);
      }
      this.problem = e instanceof Error ? e.message : String(e);
      return false;
    }
  }

  /** Links a seat just claimed to this player, so the game can be rated (only before its first move; quietly skipped without a player). */
  async linkSeat(room: string, seatToken: string): Promise<void> {
    const h = held();
    if (!h) return;
    try {
      await call(`/api/rooms/${encodeURIComponent(room)}/player`, { method: 'POST', body: JSON.stringify({ key: h.key }), headers: { authorization: `Bearer ${seatToken}` } });
    } catch {
      // An unrated game is still a game: nothing to tell the player here.
    }
  }

  /** Every game's rating of this player (none without a player). */
  async ratings(): Promise<MyRatingsReply['ratings']> {
    const h = held();
    return h ? call<MyRatingsReply>('/api/players/me/ratings', bearer(h.key)).then((r) => r.ratings, () => []) : [];
  }

  async rating(game: string): Promise<MyRatingReply | null> {
    const h = held();
    return h ? call<MyRatingReply>(`/api/ratings/${encodeURIComponent(game)}/me`, bearer(h.key)).catch(() => null) : null;
  }
}

export const me = new Me();
// Every seat claimed in this browser (lobby, share link, play again) is linked to the player.
seatListeners.add((room, seat) => void me.linkSeat(room, seat.token));

export const leaderboard = (game: string) => call<LeaderboardReply>(`/api/ratings/${encodeURIComponent(game)}`);
export const roomPlayers = (room: string) => call<RoomPlayersReply>(`/api/rooms/${encodeURIComponent(room)}/players`);
