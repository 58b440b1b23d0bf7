// Opens the embedded SQLite database (better-sqlite3, WAL); the storage interface grows here.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** Opens (creating its folder if needed) the database file, or `:memory:`. */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true });
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return db;
}
