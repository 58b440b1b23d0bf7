// Public API of the Decksmith runtime engine (filled in by the runtime issue).
export const RUNTIME_VERSION = '0.0.0';
