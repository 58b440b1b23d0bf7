// Client frames: parsed and validated into a value or a coded problem, never thrown.
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, PROTOCOL_VERSIONS, parseClientMessage } from '../src/index.ts';

describe('parseClientMessage', () => {
  it('accepts each kind of client frame', () => {
    expect(parseClientMessage('{"t":"ping","id":3}')).toEqual({ ok: true, msg: { t: 'ping', id: 3 } });
    expect(parseClientMessage('{"t":"resync"}')).toEqual({ ok: true, msg: { t: 'resync' } });
    const join = { t: 'join', v: PROTOCOL_VERSION, room: 'r1', token: 'abc' };
    expect(parseClientMessage(JSON.stringify(join))).toEqual({ ok: true, msg: join });
    const action = { t: 'action', seq: 1, action: { type: 'play', args: { card: 4, cards: [1, 2] }, expect: { height: 3, top: null } } };
    expect(parseClientMessage(JSON.stringify(action))).toEqual({ ok: true, msg: action });
  });

  it('codes what is wrong: not JSON, not an object, an unknown type, a bad field', () => {
    expect(parseClientMessage('{nope')).toMatchObject({ ok: false, code: 'input/malformed' });
    expect(parseClientMessage('[1]')).toMatchObject({ ok: false, code: 'input/invalid' });
    expect(parseClientMessage('{"t":"hello"}')).toMatchObject({ ok: false, code: 'input/unknown_type' });
    expect(parseClientMessage('{"t":"toString"}')).toMatchObject({ ok: false, code: 'input/unknown_type' });
    const extra = parseClientMessage('{"t":"action","seq":1,"action":{"type":"play"},"admin":true}');
    expect(extra).toMatchObject({ ok: false, code: 'input/invalid' });
    const seq = parseClientMessage('{"t":"action","seq":0,"action":{"type":"play"}}');
    expect(seq.ok ? '' : seq.message).toMatch(/^Invalid "action" message \(\/seq: /);
  });

  it('names the versions a join may ask for, the newest last', () => {
    expect(PROTOCOL_VERSIONS).toContain(PROTOCOL_VERSION);
    expect(Math.max(...PROTOCOL_VERSIONS)).toBe(PROTOCOL_VERSION);
  });
});
