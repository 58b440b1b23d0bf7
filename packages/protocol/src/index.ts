// The wire protocol between the server and its clients: WebSocket frames, HTTP bodies, the version, the seed check.
export * from './version.ts';
export * from './ws.ts';
export * from './http.ts';
export * from './seed.ts';
export * from './client-def.ts';
export * from './social.ts';
export * from './drafts.ts';
