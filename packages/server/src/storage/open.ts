import type { ServerConfig } from '../config.ts';
import { PostgresStorage } from './postgres.ts';
import { SqliteStorage } from './sqlite.ts';
import type { Storage } from './storage.ts';

/** PostgreSQL when a database URL is configured, else the data directory's SQLite files. */
export async function openStorage(
  config: Pick<ServerConfig, 'databaseUrl' | 'serverFilesDir' | 'userFilesDir'>,
): Promise<Storage> {
  if (config.databaseUrl) return PostgresStorage.open(config.databaseUrl);
  return new SqliteStorage(config.serverFilesDir, config.userFilesDir);
}
