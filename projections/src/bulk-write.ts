import { type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';

export interface BulkColumn<Row> {
  /** The entity property; its database column and type come from the TypeORM metadata. */
  readonly property: keyof Row & string;
  readonly value?: (row: Row) => unknown;
}

/**
 * Inserts many rows of an entity in one statement whose parameters are one array per column
 * (`unnest`), instead of one parameter per cell: a few parameters whatever the batch size, which
 * keeps rebuilds fast. `onConflict` is the SQL after the insert (`on conflict … do …`).
 */
export async function bulkInsert<Row extends ObjectLiteral>(
  em: EntityManager,
  entity: EntityTarget<Row>,
  rows: readonly Row[],
  columns: readonly BulkColumn<Row>[],
  onConflict: (column: (property: keyof Row & string) => string) => string,
): Promise<void> {
  if (rows.length === 0) return;
  const meta = em.connection.getMetadata(entity);
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const columnOf = (property: string) => {
    const column = meta.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${meta.name} has no column for ${property}`);
    return column;
  };
  const defs = columns.map((c) => columnOf(c.property));
  const table = meta.schema ? `${quote(meta.schema)}.${quote(meta.tableName)}` : quote(meta.tableName);
  const sql = `insert into ${table} (${defs.map((d) => quote(d.databaseName)).join(', ')})
    select * from unnest(${defs.map((d, i) => `$${i + 1}::${String(d.type)}[]`).join(', ')})
    ${onConflict((property) => quote(columnOf(property).databaseName))}`;
  const params = columns.map((c) =>
    rows.map((row) => {
      const value = c.value ? c.value(row) : row[c.property];
      return value !== null && typeof value === 'object' && !(value instanceof Date)
        ? JSON.stringify(value)
        : value;
    }),
  );
  await em.query(sql, params);
}
