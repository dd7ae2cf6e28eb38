import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { Engine } from '../database.js';

// The only places the two engines differ in DDL: auto-increment keys and byte columns.
export function withId<T extends string>(engine: Engine, table: CreateTableBuilder<T, never>) {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function bytesType(engine: Engine): 'bytea' | 'blob' {
  return engine === 'postgres' ? 'bytea' : 'blob';
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export type MigrationFn = (db: Kysely<unknown>, engine: Engine) => Promise<void>;
