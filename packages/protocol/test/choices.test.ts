// Counted choices on the wire: a legal entry carries `choose` (the candidates and the count); the
// client answers with the chosen ids in `args`. The entry sent back as it is gets a clear coded error.
import { describe, expect, it } from 'vitest';
import { parseClientMessage, type ChoiceSpec, type GamePayloads, type WelcomeMessage } from '../src/index.ts';

describe('a counted choice in the protocol', () => {
  const choose: ChoiceSpec = { param: 'cs', from: [11, 22, 33, 44], min: 2, max: 3 };
  const legal: WelcomeMessage<GamePayloads>['legal'] = [{ type: 'pass_cards', choose }];

  it('travels in legal as one entry with the candidates and the count', () => {
    expect(JSON.parse(JSON.stringify(legal))).toEqual([{ type: 'pass_cards', choose: { param: 'cs', from: [11, 22, 33, 44], min: 2, max: 3 } }]);
  });

  it('is answered with the chosen ids in args', () => {
    const answer = { t: 'action', seq: 1, action: { type: 'pass_cards', args: { cs: [22, 44] } } };
    expect(parseClientMessage(JSON.stringify(answer))).toEqual({ ok: true, msg: answer });
  });

  it('refuses the legal entry sent back as it is, saying what to send', () => {
    const r = parseClientMessage(JSON.stringify({ t: 'action', seq: 2, action: legal![0] }));
    expect(r).toMatchObject({ ok: false, code: 'input/invalid' });
    expect(r.ok ? '' : r.message).toContain('send the chosen card ids in "args"');
  });
});
