import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Comments cite the product's condensed specification as « spec §2.2 »: each cite must name a
// section that docs/product.md has, and nothing may cite a document or a tracker that the
// repository does not carry (« DESIGN § », « issue 14 »).
const root = fileURLToPath(new URL('../../..', import.meta.url));
const tracked = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path !== '' && !path.startsWith('test/src/lint/'));

function occurrences(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const path of tracked)
    for (const [line, text] of readFileSync(join(root, path), 'utf8').split('\n').entries())
      for (const match of text.matchAll(pattern)) found.push(`${path}:${line + 1}: ${match[0]}`);
  return found;
}

const productSections = new Set(
  [...readFileSync(join(root, 'docs/product.md'), 'utf8').matchAll(/^#{2,3} §(\d+(?:\.\d+)?)\s/gm)].map(
    (match) => match[1],
  ),
);

describe('citations in the code and the docs', () => {
  it('cite sections of docs/product.md that exist', () => {
    const cites = occurrences(/\bspec §(\d+(?:\.\d+)?)/gi);
    expect(cites.length).toBeGreaterThan(50);
    expect(cites.filter((cite) => !productSections.has(/§(\d+(?:\.\d+)?)/.exec(cite)![1]!))).toEqual([]);
  });

  it('never cite a document or a tracker the repository does not carry', () => {
    expect(occurrences(/\bDESIGN(?:\.md)? §\d+|\bissues? \d+\b/g)).toEqual([]);
  });
});
