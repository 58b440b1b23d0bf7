// The checker's passes, declared as data: stages run in order, each stopping the run if it reported an error.
import type { CheckContext } from './context.ts';
import { collectCallables } from './collect/collect-callables.ts';
import { collectCards } from './collect/collect-cards.ts';
import { collectDecks } from './collect/collect-decks.ts';
import { collectEnums } from './collect/collect-enums.ts';
import { collectFaces } from './collect/collect-faces.ts';
import { collectFlow } from './collect/collect-flow.ts';
import { collectHeader } from './collect/collect-header.ts';
import { collectMelds } from './collect/collect-melds.ts';
import { collectOptions } from './collect/collect-options.ts';
import { collectVars } from './collect/collect-vars.ts';
import { collectZones } from './collect/collect-zones.ts';
import { buildDeckFaces } from './build/build-deck-faces.ts';
import { buildDeckHomes } from './build/build-deck-homes.ts';
import { reportActionUnreachable } from './report/report-action-unreachable.ts';
import { reportCardChoices } from './report/report-card-choices.ts';
import { reportCardNotationAmbiguous } from './report/report-card-notation-ambiguous.ts';
import { reportEffectInPureContext } from './report/report-effect-in-pure-context.ts';
import { reportMeWithoutActor } from './report/report-me-without-actor.ts';
import { reportMeldRulesIncomplete } from './report/report-meld-rules-incomplete.ts';
import { reportMissingDeclarations } from './report/report-missing-declarations.ts';
import { reportPauseMisplaced } from './report/report-pause-misplaced.ts';
import { reportPlayersRangeInvalid } from './report/report-players-range-invalid.ts';
import { reportRecursiveCalls } from './report/report-recursive-calls.ts';
import { reportRequireMisplaced } from './report/report-require-misplaced.ts';
import { reportTurnControlOutsideTurns } from './report/report-turn-control-outside-turns.ts';
import { reportUnusedDeclarations } from './report/report-unused-declarations.ts';
import { resolveFlowNames } from './resolve/resolve-flow-names.ts';
import { resolveLayout } from './resolve/resolve-layout.ts';
import { checkDataDecls } from './types/check-data-decls.ts';
import { checkFlowDecls } from './types/check-flow-decls.ts';
import { reportDuplicateDeclaration } from './report/report-duplicate-declaration.ts';
import { mergeVariant } from './variant/merge-variant.ts';

export interface Pass {
  name: string;
  run: (ctx: CheckContext) => void;
}

export interface Stage {
  name: string;
  passes: Pass[];
}

const pass = (name: string, run: (ctx: CheckContext) => void): Pass => ({ name, run });

/** Every stage of the checker, in order. A stage's passes all run; an error stops before the next stage. */
export const STAGES: Stage[] = [
  { name: 'variant', passes: [pass('merge-variant', mergeVariant)] },
  {
    name: 'collect',
    passes: [
      pass('report-duplicate-declaration', (ctx) => reportDuplicateDeclaration(ctx.file, ctx.diagnostics)),
      pass('collect-header', collectHeader),
      pass('collect-enums', collectEnums),
      pass('collect-cards', collectCards),
      pass('collect-faces', collectFaces),
      pass('collect-options', collectOptions),
      pass('collect-vars', collectVars),
      pass('collect-zones', collectZones),
      pass('collect-decks', collectDecks),
      pass('collect-melds', collectMelds),
      pass('collect-callables', collectCallables),
      pass('collect-flow', collectFlow),
      pass('report-missing-declarations', reportMissingDeclarations),
      pass('report-players-range-invalid', reportPlayersRangeInvalid),
    ],
  },
  { name: 'resolve', passes: [pass('resolve-flow-names', resolveFlowNames), pass('resolve-layout', resolveLayout)] },
  {
    name: 'types',
    passes: [
      pass('check-data-decls', checkDataDecls),
      pass('check-flow-decls', checkFlowDecls),
      pass('report-effect-in-pure-context', reportEffectInPureContext),
    ],
  },
  {
    name: 'report',
    passes: [
      pass('report-require-misplaced', reportRequireMisplaced),
      pass('report-pause-misplaced', reportPauseMisplaced),
      pass('report-turn-control-outside-turns', reportTurnControlOutsideTurns),
      pass('report-me-without-actor', reportMeWithoutActor),
      pass('report-recursive-calls', reportRecursiveCalls),
      pass('report-meld-rules-incomplete', reportMeldRulesIncomplete),
      pass('report-card-notation-ambiguous', reportCardNotationAmbiguous),
      pass('report-card-choices', reportCardChoices),
      pass('report-action-unreachable', reportActionUnreachable),
      pass('report-unused-declarations', reportUnusedDeclarations),
    ],
  },
  { name: 'build', passes: [pass('build-deck-faces', buildDeckFaces), pass('build-deck-homes', buildDeckHomes)] },
];
