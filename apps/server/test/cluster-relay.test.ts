// The owner's side of a relayed connection, on a real Redis bus: frames that arrive while the owner is still loading the room reach the connection handler, in order.
import { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisBus } from '../src/cluster/redis-bus.ts';
import { clusterKeys } from '../src/cluster/redis-keys.ts';
import { BINARY, MESSAGE, OPEN, RelayOwner } from '../src/cluster/relay-owner.ts';

const keys = clusterKeys(`dstest:relay_${process.pid}_${Date.now().toString(36)}:`);
const pub = new Redis('redis://127.0.0.1:6379');
const sub = new Redis('redis://127.0.0.1:6379');
afterAll(() => {
  pub.disconnect();
  sub.disconnect();
});

describe('relayed connections (owner side)', () => {
  it('keeps the frames of a connection whose room is still loading and hands them over once the handler has the socket', async () => {
    const bus = new RedisBus(pub, sub, keys, 'owner');
    let loaded!: () => void;
    const loading = new Promise<void>((resolve) => (loaded = resolve));
    const received: string[] = [];
    const owner = new RelayOwner(
      bus,
      10,
      async (socket: WebSocket) => {
        await loading;
        socket.on('message', (data: Buffer, isBinary: boolean) => received.push(isBinary ? `binary:${data.toString('hex')}` : data.toString()));
      },
      () => true,
    );
    owner.handle(OPEN, 'edge.x.1', 'edge', JSON.stringify({ ip: '127.0.0.1', room: 'r1' }));
    owner.handle(MESSAGE, 'edge.x.1', 'edge', '{"t":"join"}');
    owner.handle(MESSAGE, 'edge.x.1', 'edge', '{"t":"ping"}');
    loaded();
    await new Promise((r) => setTimeout(r, 10));
    owner.handle(MESSAGE, 'edge.x.1', 'edge', '{"t":"resync"}');
    // A binary frame reaches the handler as binary (which refuses it, as it would a local one).
    owner.handle(BINARY, 'edge.x.1', 'edge', Buffer.from([1, 2, 255]).toString('base64'));
    expect(received).toEqual(['{"t":"join"}', '{"t":"ping"}', '{"t":"resync"}', 'binary:0102ff']);
  });
});
