import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { type AppConfig } from '../config/app-config.js';
import { APP_CONFIG, PG_POOL } from '../infra/tokens.js';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Issued contract documents, kept by their SHA-256: the ContractIssued and ContractSigned events
 * name the hash, and anyone can check a document against them.
 */
@Injectable()
export class ContractDocuments {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get table() {
    return `"${this.config.DATABASE_SCHEMA}".contract_documents`;
  }

  async store(orderId: string, html: string): Promise<string> {
    const hash = sha256(html);
    await this.pool.query(
      `insert into ${this.table} (sha256, order_id, html) values ($1, $2, $3) on conflict (sha256) do nothing`,
      [hash, orderId, html],
    );
    return hash;
  }

  async find(hash: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ html: string }>(
      `select html from ${this.table} where sha256 = $1`,
      [hash],
    );
    return rows[0]?.html ?? null;
  }
}
