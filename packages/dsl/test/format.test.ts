// The caret formatter prints exactly the house style; JSON output is the diagnostic objects.
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, formatDiagnosticsJson, parse, type Diagnostic } from '../src/index.ts';

const zoneUndefined: Diagnostic = {
  code: 'zone_undefined',
  severity: 'error',
  message: 'zone "discard" is not defined',
  file: 'games/super-taki/super-taki.rules',
  line: 14,
  col: 26,
  endLine: 14,
  endCol: 33,
  notes: [{ message: 'zones are declared here', file: 'games/super-taki/super-taki.rules', line: 3, col: 1 }],
};

describe('formatDiagnostic', () => {
  it('prints the style guide example exactly', () => {
    const source = `${'\n'.repeat(13)}  move card from hand to discard\n`;
    expect(formatDiagnostic(zoneUndefined, source)).toBe(
      [
        'error[zone_undefined]: zone "discard" is not defined',
        ' --> games/super-taki/super-taki.rules:14:26',
        '   |',
        '14 |   move card from hand to discard',
        '   |                          ^^^^^^^',
        'note: zones are declared here',
        ' --> games/super-taki/super-taki.rules:3:1',
      ].join('\n'),
    );
  });

  it('leaves the excerpt out without the source, and prints notes without a location', () => {
    const d = { ...zoneUndefined, notes: [{ message: 'a hint' }] };
    expect(formatDiagnostic(d)).toBe(
      'error[zone_undefined]: zone "discard" is not defined\n --> games/super-taki/super-taki.rules:14:26\nnote: a hint',
    );
  });

  it('underlines at least one character, and keeps tabs aligned', () => {
    const text = 'game g "G"\n\tzone end: pile, hidden\n';
    const { diagnostics } = parse(text, 'f.rules');
    expect(formatDiagnostic(diagnostics[0]!, text).split('\n').slice(2, 5)).toEqual([
      '  |',
      '2 | \tzone end: pile, hidden',
      '  | \t     ^^^',
    ]);
  });

  it('--format json prints the same objects', () => {
    expect(JSON.parse(formatDiagnosticsJson([zoneUndefined]))).toEqual([zoneUndefined]);
  });
});
