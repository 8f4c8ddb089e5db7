import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../node-flags.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe("the server's Node flags", () => {
  it('are the ones the Docker image starts the server with', () => {
    const dockerfile = readFileSync(join(repoRoot, 'backend/Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'backend/dist/main.js']);
  });
});
