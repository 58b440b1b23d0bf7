// The AST of a rule file: node types for the checker and the code generator.
export type * from './loc.ts';
export type * from './types.ts';
export type * from './expressions.ts';
export type * from './statements.ts';
export type * from './declarations.ts';
export type * from './flow.ts';
export type * from './actions.ts';
export type * from './end-layout.ts';
export type * from './file.ts';
export type * from './scenario.ts';
