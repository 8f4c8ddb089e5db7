// What the request validation costs one autosave: the API's pipe on the wizard's body, beside its two
// halves and class-validator's skipMissingProperties, in one process, interleaved.
import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { type ValidatorOptions, validate } from 'class-validator';
import { RequestValidationPipe } from '@coseso/backend/infra/http/validation';
import { SaveProgressRequestDto } from '@coseso/backend/orders/save-progress/save-progress.request.dto';
import { wizardForm } from './autosave.js';

const ROUNDS = 3;
const PER_ROUND = 10_000;

// The pipe's own options (validation.ts), so the halves measure what the pipe runs.
const pipeOptions: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
};

/** CPU µs per call of `work` over `PER_ROUND` distinct bodies. */
async function cpuMicroseconds(work: (body: object) => unknown, bodies: readonly object[]) {
  const start = process.cpuUsage();
  for (let i = 0; i < PER_ROUND; i++) await work(bodies[i % bodies.length]!);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / PER_ROUND;
}

export interface ValidationCost {
  readonly pipe: number;
  readonly transformOnly: number;
  readonly validateOnly: number;
  readonly validateSkippingMissing: number;
}

export async function benchValidation(): Promise<ValidationCost> {
  const pipe = new RequestValidationPipe();
  const metadata = { type: 'body' as const, metatype: SaveProgressRequestDto, data: '' };
  const bodies = Array.from({ length: 1_000 }, (_, n) => JSON.parse(wizardForm(n)) as object);
  const instances = bodies.map((body) => plainToInstance(SaveProgressRequestDto, body) as object);
  let next = 0;
  const instance = () => instances[next++ % instances.length]!;
  const variants = {
    pipe: (body: object) => pipe.transform(body, metadata),
    transformOnly: (body: object) => plainToInstance(SaveProgressRequestDto, body),
    validateOnly: () => validate(instance(), pipeOptions),
    validateSkippingMissing: () => validate(instance(), { ...pipeOptions, skipMissingProperties: true }),
  };
  const totals = { pipe: 0, transformOnly: 0, validateOnly: 0, validateSkippingMissing: 0 };
  for (const work of Object.values(variants)) await cpuMicroseconds(work, bodies); // warm-up
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, work] of Object.entries(variants))
      totals[name as keyof typeof totals] += (await cpuMicroseconds(work, bodies)) / ROUNDS;
  return totals;
}

export const validationRow = (cost: ValidationCost) => ({
  measure: "autosave body's request validation (the API's pipe, CPU per body)",
  result: `${cost.pipe.toFixed(1)} µs`,
  baseline: `class-transformer ${cost.transformOnly.toFixed(1)} µs + class-validator ${cost.validateOnly.toFixed(1)} µs`,
  ratio: `skipMissingProperties: ${cost.validateSkippingMissing.toFixed(1)} µs (${(((cost.validateSkippingMissing - cost.validateOnly) / cost.validateOnly) * 100).toFixed(0)} %)`,
  target: '— (a share of the autosave CPU row)',
});
