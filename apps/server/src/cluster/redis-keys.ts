// The cluster's Redis key names (one prefix per deployment or test) and its Lua scripts (leases that read Redis's own clock).
import type { Redis } from 'ioredis';

/** Every key the cluster uses, under one prefix. */
export interface ClusterKeys {
  /** String: the node that owns a room, with the lease's expiry (PX). */
  owner(room: string): string;
  /** Sorted set: every live room (waiting or playing) scored by its lease's expiry in Redis ms; 0 = free now. */
  readonly leases: string;
  /** String: a node's presence (its public URL), expiring unless refreshed. */
  node(id: string): string;
  /** Pub/sub channel of one node (relayed frames, forwarded HTTP requests and their replies). */
  channel(node: string): string;
  /** String: one room's lobby summary (JSON), expiring unless its owner refreshes it. */
  lobby(room: string): string;
  /** Sorted set: lobby rooms by creation time. */
  readonly lobbyIndex: string;
}

export function clusterKeys(prefix: string): ClusterKeys {
  return {
    owner: (room) => `${prefix}room:${room}:owner`,
    leases: `${prefix}leases`,
    node: (id) => `${prefix}node:${id}`,
    channel: (node) => `${prefix}ch:${node}`,
    lobby: (room) => `${prefix}lobby:${room}`,
    lobbyIndex: `${prefix}lobby`,
  };
}

const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: owner, leases. ARGV: node, leaseMs, room. 1 when this node now holds the lease (free, or still its own: renewed). */
const ACQUIRE = `${NOW}
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) or redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[3])
  return 1
end
return 0`;

/** KEYS: leases, owner… ARGV: node, leaseMs, room… Renews every lease still this node's; returns the rooms that are not. */
const RENEW = `${NOW}
local lost = {}
for i = 2, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
    redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[i + 1])
  else
    lost[#lost + 1] = ARGV[i + 1]
  end
end
return lost`;

/** KEYS: owner, leases. ARGV: node, room, 'over' | 'free'. Drops this node's lease: an over room leaves the set, a live one is free for any node at once. */
const RELEASE = `
local mine = redis.call('GET', KEYS[1]) == ARGV[1]
if mine then redis.call('DEL', KEYS[1]) end
if ARGV[3] == 'over' then redis.call('ZREM', KEYS[2], ARGV[2])
elseif mine then redis.call('ZADD', KEYS[2], 0, ARGV[2]) end
return mine and 1 or 0`;

/** KEYS: leases. ARGV: limit. Rooms whose lease has expired by Redis's clock. */
const EXPIRED = `${NOW}
return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))`;

/** The scripts as commands on one connection. */
export interface LeaseScripts {
  acquire(owner: string, leases: string, node: string, leaseMs: number, room: string): Promise<number>;
  renew(numKeys: number, ...args: (string | number)[]): Promise<string[]>;
  release(owner: string, leases: string, node: string, room: string, mode: 'over' | 'free'): Promise<number>;
  expired(leases: string, limit: number): Promise<string[]>;
}

/** Registers the lease scripts on a connection (EVALSHA, loaded on first use). */
export function leaseScripts(redis: Redis): LeaseScripts {
  redis.defineCommand('dsAcquire', { numberOfKeys: 2, lua: ACQUIRE });
  redis.defineCommand('dsRenew', { lua: RENEW });
  redis.defineCommand('dsRelease', { numberOfKeys: 2, lua: RELEASE });
  redis.defineCommand('dsExpired', { numberOfKeys: 1, lua: EXPIRED });
  const r = redis as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  return {
    acquire: (...a) => r['dsAcquire']!(...a) as Promise<number>,
    renew: (...a) => r['dsRenew']!(...a) as Promise<string[]>,
    release: (...a) => r['dsRelease']!(...a) as Promise<number>,
    expired: (...a) => r['dsExpired']!(...a) as Promise<string[]>,
  };
}
