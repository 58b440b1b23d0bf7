// Generated enumeration (ActionDef.legal) against the runtime's reference walk (ab-compare.ts):
//   node --import tsx packages/cli/bench/ab-legal.ts [game] [seconds] [pairs] [players]
import { runAb } from './ab-compare.ts';

await runAb({ name: 'generated', reference: (def) => ({ ...def, actions: def.actions.map(({ legal: _legal, ...a }) => a) }) });
