// Runs the storage conformance suite against every engine: SQLite, memory and PostgreSQL (a real server; a schema per test).
import { describeStorageConformance } from './storage-conformance.ts';
import { memoryEngine, postgresEngine, sqliteEngine } from './storage-conformance-engines.ts';

for (const engine of [sqliteEngine, memoryEngine, postgresEngine]) describeStorageConformance(engine);
