const levels: Record<number, { name: string; colour: number }> = {
  10: { name: 'TRACE', colour: 90 },
  20: { name: 'DEBUG', colour: 90 },
  30: { name: 'INFO', colour: 32 },
  40: { name: 'WARN', colour: 33 },
  50: { name: 'ERROR', colour: 31 },
  60: { name: 'FATAL', colour: 35 },
};

/** Said by the line's own layout (time, level, context, message), or by the request's message. */
const shownElsewhere = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'context',
  'req',
  'res',
  'responseTime',
  'err',
]);

const paint = (text: string, colour: number, on: boolean) =>
  on ? `\u001b[${colour}m${text}\u001b[39m` : text;

const fieldValue = (value: unknown) =>
  typeof value === 'string' && !/[\s"=]/.test(value) && value !== '' ? value : JSON.stringify(value);

/**
 * One pino JSON line as a person reads it: `14:03:07 INFO  [Projections] read model rebuilt
 * projector=order-views events=0`. An error's stack follows on its own lines.
 */
export function prettyLogLine(json: string, { colours }: { colours: boolean }): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const level = levels[Number(entry['level'])] ?? { name: String(entry['level']), colour: 39 };
  const time = new Date(Number(entry['time']) || Date.now()).toTimeString().slice(0, 8);
  const context = typeof entry['context'] === 'string' ? paint(`[${entry['context']}] `, 36, colours) : '';
  const fields = Object.entries(entry)
    .filter(([key, value]) => !shownElsewhere.has(key) && value !== undefined)
    .map(([key, value]) => paint(`${key}=${fieldValue(value)}`, 90, colours));
  const err = entry['err'] as { message?: string; stack?: string } | undefined;
  const head = [
    paint(time, 90, colours),
    paint(level.name.padEnd(5), level.colour, colours),
    `${context}${String(entry['msg'] ?? err?.message ?? '')}`,
    ...fields,
  ].join(' ');
  return err?.stack ? `${head}\n${err.stack.replace(/^/gm, '    ')}` : head;
}
