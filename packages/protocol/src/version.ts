// The protocol's version numbers, alone in a module so a client takes them without the schemas.

/** The newest protocol version: after the welcome, updates carry a patch of the viewer's view. */
export const PROTOCOL_VERSION = 2;
/** Versions a `join` may name: 1 (a full view in every update) and 2 (patches). */
export const PROTOCOL_VERSIONS: readonly number[] = [1, 2];
