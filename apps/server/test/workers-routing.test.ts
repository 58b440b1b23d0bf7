// Routing of `--workers N`: the room a request is about, and a stable, spread owner for every room id.
import { describe, expect, it } from 'vitest';
import { isWebSocketPath, ownerOf, roomOfRequest } from '../src/cluster/routing.ts';
import { newRoomId } from '../src/tokens.ts';

describe('routing by room', () => {
  it('finds the room of room paths and of /ws?room=, and none elsewhere', () => {
    expect(roomOfRequest('/api/rooms/abc_-9')).toBe('abc_-9');
    expect(roomOfRequest('/api/rooms/abc/join')).toBe('abc');
    expect(roomOfRequest('/api/rooms/abc/log?x=1')).toBe('abc');
    expect(roomOfRequest('/ws?room=abc')).toBe('abc');
    expect(roomOfRequest('/ws?room=abc&room=def')).toBe('abc');
    for (const other of ['/api/rooms', '/api/rooms?status=waiting', '/api/rooms/', '/api/games/shed', '/ws', '/ws?x=abc', '/health', '/metrics', '/', '/api/rooms/%ZZ/join', '/api/rooms/a%2Fb', '/ws?room=a%20b']) {
      expect(roomOfRequest(other), other).toBeUndefined();
    }
    expect(isWebSocketPath('/ws?room=a')).toBe(true);
    expect(isWebSocketPath('/wss')).toBe(false);
  });

  it('gives every id one owner, the same each time, and spreads ids over the workers', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) {
      const id = newRoomId();
      const owner = ownerOf(id, 3);
      expect(ownerOf(id, 3)).toBe(owner);
      counts[owner]!++;
    }
    for (const c of counts) expect(c).toBeGreaterThan(800);
    expect(ownerOf('anything', 1)).toBe(0);
  });
});
