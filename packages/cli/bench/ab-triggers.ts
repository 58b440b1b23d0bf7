// Incremental triggers (TriggerDef.reads: a trigger re-tested only after a write to what it reads)
// against the reference, every trigger tested after every action (ab-compare.ts):
//   node --import tsx packages/cli/bench/ab-triggers.ts [game] [seconds] [pairs] [players]
import { runAb } from './ab-compare.ts';

await runAb({ name: 'incremental', reference: (def) => ({ ...def, triggers: def.triggers.map(({ reads: _reads, ...t }) => t) }) });
