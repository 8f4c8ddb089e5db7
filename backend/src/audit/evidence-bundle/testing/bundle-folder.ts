import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';

export interface VerifyRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A bundle unpacked in a folder of its own, as a third party would have it on their disk. */
export interface BundleFolder {
  readonly dir: string;
  readonly names: readonly string[];
  text(name: string): Promise<string>;
  write(name: string, text: string): Promise<void>;
  /** `node verify.mjs` in the folder, as VERIFY.md says: plain Node, none of our code, no network. */
  verify(): Promise<VerifyRun>;
  remove(): Promise<void>;
}

export async function bundleFolder(files: Record<string, Uint8Array>): Promise<BundleFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'coseso-evidence-'));
  for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, name), bytes);
  return {
    dir,
    names: Object.keys(files),
    text: (name) => readFile(join(dir, name), 'utf8'),
    write: (name, text) => writeFile(join(dir, name), text),
    verify: () =>
      new Promise((resolve) =>
        execFile(
          process.execPath,
          ['verify.mjs'],
          { cwd: dir, env: { PATH: process.env['PATH'] ?? '' }, timeout: 20_000 },
          (error, stdout, stderr) =>
            resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
        ),
      ),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A downloaded zip, unpacked. */
export const unzippedFolder = (zip: Uint8Array) => bundleFolder(unzipSync(zip));
