import { createHash } from 'node:crypto';
import type pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import { type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';

export interface BulkColumn<Row> {
  /** The entity property; its database column and type come from the TypeORM metadata. */
  readonly property: keyof Row & string;
  readonly value?: (row: Row) => unknown;
}

export interface Statement {
  readonly sql: string;
  readonly params: unknown[];
}

/**
 * Inserts many rows of an entity in one statement whose parameters are one array per column
 * (`unnest`), instead of one parameter per cell: a few parameters whatever the batch size, which
 * keeps rebuilds fast. `onConflict` is the SQL after the insert (`on conflict … do …`). Not run;
 * its parameters numbered from `firstParameter`; null when there are no rows.
 */
export function bulkInsertStatement<Row extends ObjectLiteral>(
  em: EntityManager,
  entity: EntityTarget<Row>,
  rows: readonly Row[],
  columns: readonly BulkColumn<Row>[],
  onConflict: (column: (property: keyof Row & string) => string) => string,
  firstParameter = 1,
): Statement | null {
  if (rows.length === 0) return null;
  const meta = em.connection.getMetadata(entity);
  const columnOf = (property: string) => {
    const column = meta.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${meta.name} has no column for ${property}`);
    return column;
  };
  const defs = columns.map((c) => columnOf(c.property));
  const table = tableOf(em, entity);
  // A JSON column travels as one JSON array, not as an array literal of JSON strings: node-pg would
  // escape every quote of every document, and Postgres unescape them, which dominated rebuilds.
  // A JSON null element is stored as SQL NULL, as before.
  const isJson = (type: unknown) => type === 'jsonb' || type === 'json';
  const arrays = defs.map((d, i) =>
    isJson(d.type)
      ? `(select array_agg(case when ${String(d.type)}_typeof(e) = 'null' then null else e end order by n) from ${String(d.type)}_array_elements($${i + firstParameter}::${String(d.type)}) with ordinality as t(e, n))`
      : `$${i + firstParameter}::${String(d.type)}[]`,
  );
  const sql = `insert into ${table} (${defs.map((d) => quote(d.databaseName)).join(', ')})
    select * from unnest(${arrays.join(', ')})
    ${onConflict((property) => quote(columnOf(property).databaseName))}`;
  const params = columns.map((c, i) => {
    const values = rows.map((row) => (c.value ? c.value(row) : row[c.property]));
    if (isJson(defs[i]!.type)) return JSON.stringify(values);
    return values.map((value) =>
      value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value,
    );
  });
  return { sql, params };
}

/**
 * Several writes as one statement (the first ones as data-modifying WITH clauses): one round
 * trip, and one snapshot, for all of them. `build` numbers each statement's parameters from the
 * one it is given; null when no build makes a statement.
 */
export function togetherStatement(
  builds: readonly ((firstParameter: number) => Statement | null)[],
): Statement | null {
  const statements: Statement[] = [];
  let next = 1;
  for (const build of builds) {
    const statement = build(next);
    if (!statement) continue;
    statements.push(statement);
    next += statement.params.length;
  }
  if (statements.length === 0) return null;
  const last = statements[statements.length - 1]!;
  const clauses = statements.slice(0, -1).map((statement, i) => `w${i} as (${statement.sql})`);
  return {
    sql: `${clauses.length > 0 ? `with ${clauses.join(', ')} ` : ''}${last.sql}`,
    params: statements.flatMap((statement) => statement.params),
  };
}

/** Runs statements one after the other. */
export async function runStatements(em: EntityManager, statements: readonly Statement[]): Promise<void> {
  for (const statement of statements) await em.query(statement.sql, statement.params);
}

/** An entity's table, schema-qualified and quoted. */
export function tableOf(em: Pick<EntityManager, 'connection'>, entity: EntityTarget<ObjectLiteral>): string {
  const meta = em.connection.getMetadata(entity);
  return meta.schema ? `${quote(meta.schema)}.${quote(meta.tableName)}` : quote(meta.tableName);
}

/**
 * The statement's text with each parameter written in as a literal, for the simple protocol, which
 * takes several statements in one text but no parameters. Values are converted by node-pg's own
 * `prepareValue`, as when they travel as parameters, then quoted as its `escapeLiteral` does; the text
 * must hold no `$n` but its parameters (ours are built here, from column names).
 */
export function inlined({ sql, params }: Statement): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= params.length) throw new Error(`statement has no parameter $${n}`);
    const value = prepareValue(params[index]);
    if (value === null) return 'null';
    if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'`;
    return escapeLiteral(value);
  });
}

/**
 * Statements sent in a text of several (the simple protocol) without being parsed and planned each
 * time (decision 111): each is prepared once per connection, under a name drawn from its text, and
 * the text then holds its `EXECUTE` with the values inlined. The first text a connection is sent
 * with a statement prepares it too. A text that failed may have stopped before or after a
 * `PREPARE`: `recheck` then asks the connection which it holds.
 */
export class PreparedTexts {
  private readonly held = new WeakMap<pg.ClientBase, Set<string>>();

  /** The statement as a part of a text for `connection`: its EXECUTE, after its PREPARE the first time. */
  text(connection: pg.ClientBase, statement: Statement): string {
    const name = `projector_${createHash('sha1').update(statement.sql).digest('hex').slice(0, 20)}`;
    const values = statement.params.map((_, i) => `$${i + 1}`).join(', ');
    const execute = inlined({
      sql: values ? `execute ${name}(${values})` : `execute ${name}`,
      params: statement.params,
    });
    let held = this.held.get(connection);
    if (!held) this.held.set(connection, (held = new Set()));
    if (held.has(name)) return execute;
    held.add(name);
    return `prepare ${name} as ${statement.sql};\n${execute}`;
  }

  /** What `connection` holds, asked of it: after a text that failed somewhere. */
  async recheck(connection: pg.ClientBase): Promise<void> {
    const { rows } = await connection.query<{ name: string }>('select name from pg_prepared_statements');
    this.held.set(connection, new Set(rows.map((row) => row.name)));
  }
}

/**
 * node-pg's `escapeLiteral`, to the byte, without its loop that appends one character at a time:
 * on a projector batch's order states that loop was a tenth of everything an autosave allocated.
 */
export function escapeLiteral(text: string): string {
  const quoted = `'${text.replace(/'/g, "''")}'`;
  return text.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
