// GET /api/games/:id/def: the data half of a game's GameDef (faces, enums, zones, actions and their
// parameters, stages, windows, layout hints) as JSON, so the web client can draw and play any hosted
// game — launch packages and authors' rule files alike — without per-game code. Functions stay here.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ClientDef, ClientParam } from '@decksmith/protocol';
import type { GameDef, ParamDef } from '@decksmith/runtime';
import type { GameRegistry } from '../../games/registry.ts';

export type { ClientDef, ClientParam } from '@decksmith/protocol';

function param(p: ParamDef): ClientParam {
  const optional = p.when !== undefined;
  switch (p.kind) {
    case 'pile':
      return { name: p.name, kind: 'pile', family: p.family, orNew: p.orNew, optional };
    case 'enum':
      return { name: p.name, kind: 'enum', enumIndex: p.enumIndex, optional };
    case 'int':
      return { name: p.name, kind: 'int', min: p.min, max: p.max, optional };
    default:
      return { name: p.name, kind: p.kind, optional };
  }
}

/**
 * What an action's `rate` is: a constant, or the option it reads. A rate read from the table is a
 * compiled function; it is called once with a stub that only answers `opt(i)`, to learn which option.
 */
function rateOf(def: GameDef, rate: GameDef['actions'][number]['rate']): { rate?: number; rateOption?: string; rated?: boolean } {
  if (rate === undefined) return {};
  if (typeof rate === 'number') return { rate, rated: true };
  let read: number | undefined;
  let other = false;
  const stub = new Proxy(
    {},
    {
      get: (_t, key) =>
        key === 'opt'
          ? (i: number) => {
              read = i;
              return 0;
            }
          : () => {
              other = true;
              return 0;
            },
    },
  );
  try {
    (rate as (x: unknown) => number)(stub);
  } catch {
    other = true;
  }
  const option = read !== undefined && !other ? def.options[read]?.name : undefined;
  return option ? { rateOption: option, rated: true } : { rated: true };
}

/** Strips a GameDef down to its tables. */
export function clientDef(def: GameDef): ClientDef {
  const roles = def.sides?.roles ?? [];
  return {
    id: def.id,
    title: def.title,
    summary: def.summary,
    minPlayers: def.minPlayers,
    maxPlayers: def.maxPlayers,
    enums: def.enums,
    faces: def.faces,
    zones: def.zones.map((z) => ({ name: z.name, scope: z.scope, shape: z.shape, ...(z.slots !== undefined ? { slots: z.slots } : {}), visibility: z.visibility })),
    // `type` is passed through when the runtime's VarDef carries one (enum-typed variables shown by name).
    vars: def.vars.map((v) => {
      const type = (v as { type?: unknown }).type;
      return { name: v.name, scope: v.scope, ...(typeof type === 'string' ? { type } : {}) };
    }),
    scoreVar: def.scoreVar,
    dice: def.dice,
    roles,
    stages: def.stages.map((s) =>
      s.kind === 'turns'
        ? { name: s.name, kind: s.kind, steps: s.steps, ...(s.turnTimer ? { turnTimer: s.turnTimer.action } : {}) }
        : s.kind === 'realtime'
          ? { name: s.name, kind: s.kind, ...(s.idle ? { idle: s.idle.on } : {}) }
          : { name: s.name, kind: s.kind },
    ),
    windows: def.windows.map((w) => ({ name: w.name, blocking: w.blocking, timed: w.ms !== undefined })),
    actions: def.actions.map((a) => ({
      name: a.name,
      who: a.who.kind,
      ...(a.who.kind === 'role' ? { role: roles[a.who.role] ?? String(a.who.role) } : {}),
      during: a.during,
      params: a.params.map(param),
      races: a.races !== undefined,
      // A rate may be computed from options (a function): the client gets the option's name.
      ...rateOf(def, a.rate),
      ...(a.once ? { once: true } : {}),
    })),
    winner: { by: def.winner.by },
    layout: def.layout,
    options: def.options.map((o) => ({ name: o.name, default: o.default })),
  };
}

/** Registers `GET /api/games/:id/def`. */
export function clientDefRoutes(registry: GameRegistry): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/games/:id/def',
      {
        schema: {
          tags: ['games'],
          summary: "A game's tables and layout hints for the web client (no functions)",
          params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
          response: { 200: Type.Unknown(), 404: Type.Object({ code: Type.String(), message: Type.String() }) },
        },
      },
      async (req, reply) => {
        const game = registry.get(req.params.id) as { def?: GameDef } | undefined;
        if (!game) return reply.code(404).send({ code: 'game/unknown', message: `No game "${req.params.id}" is hosted here.` });
        if (!game.def) return reply.code(404).send({ code: 'game/no_def', message: `Game "${req.params.id}" has no tables to describe.` });
        reply.header('cache-control', 'no-cache');
        return clientDef(game.def);
      },
    );
  };
}
