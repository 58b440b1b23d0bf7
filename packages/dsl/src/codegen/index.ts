// Code generation: the checked model of a rule file → a typed TypeScript module for the runtime.
export { generateModule, RUNTIME_MODULE } from './generate-module.ts';
export { sourceHash } from './header.ts';
export { CodegenError } from './compile-expr.ts';
