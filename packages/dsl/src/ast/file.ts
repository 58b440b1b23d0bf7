// The root node: a parsed rule file and the union of its top-level items.
import type { ActionDecl, HookDecl, TriggerDecl } from './actions.ts';
import type {
  CardDecl, ConstraintDecl, DeckDecl, DefineDecl, DieDecl, EnumDecl, GameDecl, MeldRulesDecl, OptionDecl,
  OptionOverride, PlayersDecl, ProcedureDecl, RemoveDecl, RolesDecl, SidesDecl, SummaryDecl,
  VarDecl, ZoneDecl,
} from './declarations.ts';
import type { LayoutDecl, WinnerDecl } from './end-layout.ts';
import type { RoundsDecl, StageDecl, WindowDecl } from './flow.ts';
import type { Node } from './loc.ts';

/** Any top-level item, discriminated on `kind`. */
export type Item =
  | GameDecl | SummaryDecl | PlayersDecl | OptionDecl | OptionOverride | RemoveDecl
  | EnumDecl | CardDecl | DeckDecl | ZoneDecl | VarDecl | DieDecl | SidesDecl | RolesDecl
  | MeldRulesDecl | DefineDecl | ProcedureDecl | ConstraintDecl
  | RoundsDecl | StageDecl | WindowDecl
  | ActionDecl | HookDecl | TriggerDecl
  | WinnerDecl | LayoutDecl;

/**
 * A parsed rule file. `items` are in file order; after a syntax error the items that parsed are
 * kept (the broken one is dropped).
 */
export interface FileAst extends Node {
  kind: 'file';
  file: string;
  items: Item[];
}
