// Catalogue, checker part 5: seat literals (`player 2`) and card-face literals (`'R5'`).
import type { Loc } from '../ast/loc.ts';
import { diagnosticAt, type Diagnostic, type DiagnosticNote } from './diagnostic.ts';

/** Codes of this part of the catalogue (stable public API). */
export const CHECK_LITERAL_CODES = ['face_notation_unknown', 'seat_number_invalid'] as const;

/** `'R10'` where no card of the game is written so. */
export function faceNotationUnknown(loc: Loc, text: string, suggestion: string | null, example: string | null): Diagnostic {
  const notes: DiagnosticNote[] = suggestion !== null
    ? [{ message: `did you mean '${suggestion}'?` }]
    : example !== null ? [{ message: `cards are written in the game's notation (its cards' "shown"), such as '${example}'` }] : [];
  return diagnosticAt('face_notation_unknown', 'error', `no card of this game is written '${text}'`, loc, notes);
}

/** `player 0`, or `player 12` in a game for at most 10 players. */
export function seatNumberInvalid(loc: Loc, of: 'player' | 'side', n: number, max: number): Diagnostic {
  return diagnosticAt('seat_number_invalid', 'error', `there is no ${of} ${n}: this game seats at most ${max} players`, loc, [
    { message: `${of}s are numbered from 1, in seat order` },
  ]);
}
