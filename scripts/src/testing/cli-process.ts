import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const register = fileURLToPath(import.meta.resolve('@swc-node/register/esm-register'));

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * A CLI of scripts/src run as operators run it: a process of its own, from its TypeScript sources,
 * configured only by the test's database and schema (away from the repository's .env), with what
 * it reads on standard input.
 */
export function runCliProcess(
  name: string,
  args: readonly string[],
  database: { url: string; schema: string },
  input = '',
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', register, join(repoRoot, 'scripts/src', `${name}.ts`), ...args],
      {
        cwd: join(repoRoot, 'scripts'),
        env: {
          PATH: process.env['PATH'],
          SWC_NODE_PROJECT: join(repoRoot, 'tsconfig.base.json'),
          NODE_ENV: 'test',
          DATABASE_URL: database.url,
          DATABASE_SCHEMA: database.schema,
          LOG_LEVEL: 'silent',
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
