import { once } from 'node:events';
import { CSV_BOM, CSV_NEWLINE } from '@coseso/domain/shared/csv';
import { type Writable } from 'node:stream';

/**
 * A CSV written as its lines come, batch by batch, waiting whenever the client reads slower than
 * the batches come: a year's export in flat memory.
 */
export async function streamCsv(
  response: Writable & { setHeader(name: string, value: string): unknown },
  name: string,
  batches: AsyncIterable<readonly string[]>,
): Promise<void> {
  response.setHeader('content-type', 'text/csv; charset=utf-8');
  response.setHeader('content-disposition', `attachment; filename="${name}"`);
  // A byte-order mark, so spreadsheets read the accents as UTF-8.
  let text = CSV_BOM;
  for await (const lines of batches) {
    for (const line of lines) text += `${line}${CSV_NEWLINE}`;
    if (!response.write(text)) await once(response, 'drain');
    text = '';
  }
  response.end(text);
}
