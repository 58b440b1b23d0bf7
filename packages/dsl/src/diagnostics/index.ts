// Diagnostics: the value type, the catalogue of codes and messages, and the formatters.
export * from './diagnostic.ts';
export * from './catalogue.ts';
export * from './format.ts';
