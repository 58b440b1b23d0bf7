// GET /api/games/:id/def: the data half of a game's GameDef (its tables and layout hints) as the client receives it.
import type { EnumDef, FaceTable, GameDef, LayoutDef, ZoneShape } from '@decksmith/runtime';

/** One action parameter as the client needs it (guards and zone functions are left out). */
export type ClientParam =
  | { name: string; kind: 'card' | 'cards' | 'bool' | 'player'; optional: boolean }
  | { name: string; kind: 'pile'; family: number; orNew: boolean; optional: boolean }
  | { name: string; kind: 'enum'; enumIndex: number; optional: boolean }
  | { name: string; kind: 'int'; min: number; max: number; optional: boolean };

/** One action as the client needs it: who may take it, when, its parameters and its rate. */
export interface ClientAction {
  name: string;
  who: 'current' | 'any' | 'role';
  role?: string;
  during: readonly string[];
  params: readonly ClientParam[];
  races: boolean;
  /** `rate d` in ms when constant; `rateOption` names the option it reads (`rate roll_rate`); `rated` either way. */
  rate?: number;
  rateOption?: string;
  rated?: boolean;
  once?: boolean;
}

/** One zone as the client needs it (the runtime's ZoneDef without its functions). */
export interface ClientZone {
  name: string;
  scope: 'shared' | 'player' | 'side';
  shape: ZoneShape;
  slots?: number;
  visibility: string;
}

/** The JSON-safe part of a GameDef. */
export interface ClientDef {
  id: string;
  title: string;
  summary: string;
  minPlayers: number;
  maxPlayers: number;
  enums: readonly EnumDef[];
  faces: FaceTable;
  zones: readonly ClientZone[];
  /** `type` is the declared type (`number`, `bool`, `player?`, `enum:Colour?` …; see the runtime's VarDef). */
  vars: readonly { name: string; scope: string; type?: string }[];
  scoreVar: number;
  /** `enum`: the enum whose ordinals the faces are (absent for numeric dice). */
  dice: GameDef['dice'];
  roles: readonly string[];
  stages: readonly { name: string; kind: string; steps?: readonly string[]; turnTimer?: string; idle?: readonly string[] }[];
  windows: readonly { name: string; blocking: boolean; timed: boolean }[];
  actions: readonly ClientAction[];
  winner: { by: 'lowest' | 'highest' };
  layout: LayoutDef;
  /** Option names and defaults (servers before this field did not send them). */
  options?: readonly { name: string; default: number }[];
}
