// A seat's round trip, measured by the server from its own WebSocket pings (the heartbeat's
// frames): each probe carries 8 random bytes that the pong must echo, so a client can delay an
// answer (look farther away) but never answer early (look nearer), and it never states its
// latency itself. Smoothed like TCP's SRTT (RFC 6298: 1/8 of each new sample), each sample
// clamped to [0, MAX_RTT_MS]; rooms cap the one-way credit again at their game's window.
import { randomBytes } from 'node:crypto';

/** No sample counts for more than this (a stalled socket is not a far one). */
export const MAX_RTT_MS = 1000;
/** How often a joined socket is probed (the heartbeat itself stays at its own interval). */
export const RTT_PROBE_MS = 2000;
/** Probes answered later than this are forgotten (the next one will do). */
const PROBE_TTL_MS = 10_000;

export interface PingSocket {
  ping(data?: Buffer): void;
}

export class RttEstimator {
  private srtt: number | null = null;
  private readonly probes = new Map<string, number>();
  samples = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Sends a probe (a ping with a fresh random payload). */
  probe(socket: PingSocket): void {
    const t = this.now();
    for (const [k, at] of this.probes) if (t - at > PROBE_TTL_MS) this.probes.delete(k);
    const payload = randomBytes(8);
    this.probes.set(payload.toString('hex'), t);
    socket.ping(payload);
  }

  /** A pong: counts only when it echoes a probe still outstanding (unsolicited or replayed pongs do not). */
  pong(data: Buffer | undefined): void {
    if (!data || data.length !== 8) return;
    const key = data.toString('hex');
    const sent = this.probes.get(key);
    if (sent === undefined) return;
    this.probes.delete(key);
    this.sample(this.now() - sent);
  }

  /** Adds one measured round trip (ms). */
  sample(rtt: number): void {
    const x = Math.min(MAX_RTT_MS, Math.max(0, Number.isFinite(rtt) ? rtt : MAX_RTT_MS));
    this.srtt = this.srtt === null ? x : this.srtt + (x - this.srtt) / 8;
    this.samples++;
  }

  /** The smoothed round trip (ms), or null before the first answer. */
  get rtt(): number | null {
    return this.srtt;
  }

  /** The one-way delay credited to this seat's plays: half the smoothed round trip, 0 until measured. */
  oneWay(): number {
    return this.srtt === null ? 0 : Math.round(this.srtt / 2);
  }
}
