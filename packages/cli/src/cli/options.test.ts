// Unit tests for the shared flag parsers.
import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { collect, keyValue, port, positiveInt, positiveNumber } from './options.ts';

describe('flag parsers', () => {
  it('positiveInt accepts 1.. and rejects the rest', () => {
    expect(positiveInt('4')).toBe(4);
    for (const bad of ['0', '-1', '1.5', 'x', '']) {
      expect(() => positiveInt(bad)).toThrow(InvalidArgumentError);
    }
  });

  it('positiveNumber accepts fractions', () => {
    expect(positiveNumber('2.5')).toBe(2.5);
    expect(() => positiveNumber('0')).toThrow(InvalidArgumentError);
  });

  it('port accepts 0..65535', () => {
    expect(port('0')).toBe(0);
    expect(port('3000')).toBe(3000);
    expect(() => port('65536')).toThrow(InvalidArgumentError);
  });

  it('keyValue collects repeated options, later ones winning', () => {
    const first = keyValue('deck=double');
    expect(keyValue('target=500', keyValue('deck=single', first))).toEqual({ deck: 'single', target: '500' });
    expect(keyValue('rule=a=b')).toEqual({ rule: 'a=b' });
    expect(() => keyValue('=x')).toThrow(InvalidArgumentError);
    expect(() => keyValue('novalue')).toThrow(InvalidArgumentError);
  });

  it('collect keeps order', () => {
    expect(collect('b', collect('a'))).toEqual(['a', 'b']);
  });
});
