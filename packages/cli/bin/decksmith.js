#!/usr/bin/env node
// The `decksmith` executable: registers tsx so the CLI runs from TypeScript source, no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
