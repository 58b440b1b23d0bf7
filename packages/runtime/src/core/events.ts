// Events produced by apply/tick, in the order things happened. Internal form: cards by
// internal id with the per-viewer ids captured when they moved; `eventsFor` redacts per seat.
import type { EndedBy } from './state.ts';

export type TimerKind = 'turn' | 'window' | 'idle' | 'pause' | 'stage';

export type GameEvent =
  | {
      type: 'move';
      card: number;
      from: number;
      to: number;
      /** Index in the destination (slot for rows). */
      at: number;
      /** Bitmask of viewers who saw the card at its source or its destination. */
      seen: number;
      /** View id per viewer at the time of the move (0 for viewers who did not see it). */
      ids: number[] | null;
    }
  | { type: 'shuffle'; zone: number }
  | { type: 'announce'; text: string }
  | { type: 'action'; seat: number; action: string }
  | { type: 'turn'; player: number; deadline: number | null }
  | { type: 'step'; step: string }
  | { type: 'stage'; stage: string; deadline: number | null }
  | { type: 'window'; window: string; open: boolean; deadline: number | null }
  | { type: 'pause'; until: number }
  /** At the end: `scores` the totals after scoring, `scored` what the scoring block added to each. */
  | { type: 'round'; round: number; phase: 'start' | 'end'; scores?: number[]; scored?: number[] }
  | { type: 'roll'; die: string; value: number }
  | { type: 'timer'; timer: TimerKind; at: number }
  | { type: 'game_over'; winners: number[]; scores: number[]; endedBy: EndedBy };
