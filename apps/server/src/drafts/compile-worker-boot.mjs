// Boots a draft compiler thread: Node 20 does not pass tsx's loader to workers, so register it here, then load the TypeScript handler.
import { register } from 'tsx/esm/api';

register();
await import('./compile-worker.ts');
