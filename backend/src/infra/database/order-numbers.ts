import type pg from 'pg';

/**
 * Short sequential numbers for people ("Commande #1042"). A Postgres sequence, whatever the event
 * store: gaps are harmless, duplicates impossible.
 */
export class OrderNumbers {
  private constructor(
    private readonly pool: pg.Pool,
    private readonly sequence: string,
  ) {}

  static async open(pool: pg.Pool, schema: string): Promise<OrderNumbers> {
    const sequence = `"${schema}".order_number_seq`;
    await pool.query(`create sequence if not exists ${sequence} start with 1001`);
    return new OrderNumbers(pool, sequence);
  }

  async next(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(`select nextval('${this.sequence}') as n`);
    return Number(rows[0]!.n);
  }
}
