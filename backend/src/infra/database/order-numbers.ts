import type pg from 'pg';

/**
 * Short sequential numbers for people ("Commande #1042"). A Postgres sequence, whatever the event
 * store: gaps are harmless, duplicates impossible.
 */
export class OrderNumbers {
  private readonly sequence: string;

  constructor(
    private readonly pool: pg.Pool,
    schema: string,
  ) {
    this.sequence = `"${schema}".order_number_seq`;
  }

  async next(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(`select nextval('${this.sequence}') as n`);
    return Number(rows[0]!.n);
  }
}
