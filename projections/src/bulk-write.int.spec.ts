import { type TestSchema, createTestSchema } from '@coseso/database/testing/postgres-test-schema';
import { projectionTestMigrations } from './testing/projection-test-migrations.js';
import pg from 'pg';
import { PreparedTexts, type Statement, escapeLiteral, inlined } from './bulk-write.js';

describe('a statement with its parameters written in as literals', () => {
  let db: TestSchema;
  beforeAll(async () => (db = await createTestSchema('inline', 2, { migrations: projectionTestMigrations })));
  afterAll(() => db.drop());

  const tricky = [
    "l'atelier d'Éloïse",
    'back\\slash \\x41 and "quotes"',
    'line\nbreak\ttab',
    'a $1 and $$ dollars',
    '',
    '🥖 boulangerie',
  ];

  /** What Postgres makes of the statement sent with parameters, and of its inlined text. */
  async function bothWays(statement: Statement) {
    const withParameters = (await db.pool.query(statement.sql, statement.params)).rows;
    const asText = (await db.pool.query(inlined(statement))).rows;
    return { withParameters, asText };
  }

  it('reads back as the same values as the parameters, quotes, backslashes and dollars included', async () => {
    const { withParameters, asText } = await bothWays({
      sql: `select t, n, b, j, d, ids, nothing, array_length(ids, 1) as count
            from unnest($1::text[], $2::int[], $3::boolean[]) as u(t, n, b),
                 (select $4::jsonb as j, $5::timestamptz as d, $6::uuid[] as ids, $7::text as nothing) v`,
      params: [
        tricky,
        tricky.map((_, i) => i - 2),
        tricky.map((_, i) => i % 2 === 0),
        JSON.stringify({ name: 'O\'Brien \\ "x"', tags: ['a,b', '{c}'], none: null }),
        new Date('2026-11-25T18:30:00.123Z'),
        ['5d1e3c52-95f6-4a57-9a2a-3f1b1c0e2a11', '0b6a3f8e-8d3e-4d4c-9d5e-0c1f2a3b4c5d'],
        null,
      ],
    });
    expect(asText).toEqual(withParameters);
    expect(asText.map((r: { t: string }) => r.t)).toEqual(tricky);
  });

  it('keeps arrays with nulls, empty arrays and elements that look like array syntax', async () => {
    const { withParameters, asText } = await bothWays({
      sql: 'select $1::text[] as a, $2::text[] as b, $3::int[] as c',
      params: [['{x}', null, 'NULL', 'a"b', 'c\\d'], [], [1, null, 3]],
    });
    expect(asText).toEqual(withParameters);
    expect(asText[0].a).toEqual(['{x}', null, 'NULL', 'a"b', 'c\\d']);
  });

  it("quotes text exactly as node-pg's escapeLiteral does", () => {
    for (const text of [...tricky, "''", '\\', "\\'", "a'b\\c'd\\", 'x'.repeat(5_000) + "'\\"])
      expect(escapeLiteral(text)).toBe(pg.escapeLiteral(text));
  });

  it('refuses a text naming a parameter it was not given', () => {
    expect(() => inlined({ sql: 'select $1, $2', params: [1] })).toThrow('no parameter $2');
  });
});

describe('statements prepared once per connection, executed in texts', () => {
  let db: TestSchema;
  beforeAll(
    async () => (db = await createTestSchema('prepared', 2, { migrations: projectionTestMigrations })),
  );
  afterAll(() => db.drop());

  const statement: Statement = {
    sql: 'select t, n from unnest($1::text[], $2::int[]) as u(t, n)',
    params: [
      ["l'atelier d'Éloïse", 'a $1 and $$ dollars', '🥖'],
      [1, 2, 3],
    ],
  };
  const rowsOf = (results: pg.QueryResult | pg.QueryResult[]) =>
    (Array.isArray(results) ? results : [results]).flatMap((r) => r.rows);

  it('reads back as the statement sent with parameters, and is prepared in the first text only', async () => {
    const client = await db.pool.connect();
    try {
      const prepared = new PreparedTexts();
      const first = prepared.text(client, statement);
      expect(first).toMatch(/^prepare projector_\w+ as select/);
      const again = prepared.text(client, statement);
      expect(again).toMatch(/^execute projector_\w+\(/);
      const expected = (await client.query(statement.sql, statement.params)).rows;
      expect(rowsOf(await client.query(first))).toEqual(expected);
      expect(rowsOf(await client.query(again))).toEqual(expected);
      // Another connection has not prepared it: its first text does.
      const other = await db.pool.connect();
      try {
        expect(prepared.text(other, statement)).toMatch(/^prepare /);
      } finally {
        other.release();
      }
    } finally {
      client.release();
    }
  });

  it('knows again what the connection holds after a text that failed before or after its PREPARE', async () => {
    const client = await db.pool.connect();
    try {
      const prepared = new PreparedTexts();
      // Failed before: the statement was never prepared, and the next text prepares it.
      await expect(client.query(`select 1/0;\n${prepared.text(client, statement)}`)).rejects.toThrow();
      await prepared.recheck(client);
      expect(rowsOf(await client.query(prepared.text(client, statement)))).toHaveLength(3);
      // Failed after, in a transaction rolled back: whatever the connection kept, the next text runs.
      const fresh = new PreparedTexts();
      await expect(
        client.query(
          `begin;\n${fresh.text(client, { ...statement, sql: `${statement.sql} order by n` })};\nselect 1/0`,
        ),
      ).rejects.toThrow();
      await client.query('rollback');
      await fresh.recheck(client);
      expect(
        rowsOf(await client.query(fresh.text(client, { ...statement, sql: `${statement.sql} order by n` }))),
      ).toHaveLength(3);
    } finally {
      client.release();
    }
  });
});
