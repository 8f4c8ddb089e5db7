import 'reflect-metadata';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';

export interface ReadModelDataSourceOptions {
  readonly url: string;
  readonly schema: string;
  readonly entities: readonly EntityTarget<ObjectLiteral>[];
  readonly poolSize?: number;
  /** How long to wait for a connection (a free one, or a new one) before failing; no limit unless told. */
  readonly connectTimeoutMs?: number;
}

/** A TypeORM DataSource whose entities live in `schema`, in tables made by the migrations (never synchronised). */
export async function openReadModelDataSource(options: ReadModelDataSourceOptions): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: [...options.entities] as never,
    logging: false,
    extra: { max: options.poolSize ?? 5 },
    ...(options.connectTimeoutMs ? { connectTimeoutMS: options.connectTimeoutMs } : {}),
  });
  return dataSource.initialize();
}
