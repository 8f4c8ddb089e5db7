import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Comments cite the product's condensed specification as « spec §2.2 »: each cite must name a
// section that docs/product.md has, and nothing may cite a document or a tracker that the
// repository does not carry (« DESIGN § », « issue 14 »). « decision 49 » names the record
// docs/adr/0049-….md, or a line of docs/adr/README.md saying where an entry that was not a decision went.
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

const records = new Set(
  readdirSync(join(root, 'docs/adr')).flatMap((file) => {
    const match = /^(\d{4})-.+\.md$/.exec(file);
    return match ? [Number(match[1])] : [];
  }),
);
const pointers = new Set(
  [...readFileSync(join(root, 'docs/adr/README.md'), 'utf8').matchAll(/^\|\s*(\d{4})\s*\|/gm)].map((match) =>
    Number(match[1]),
  ),
);

/** The numbers a cite names: « decisions 21–26 and 36 » is 21 to 26 and 36. */
function citedNumbers(cite: string): number[] {
  return [...cite.matchAll(/(\d+)(?:\s*[–-]\s*(\d+))?/g)].flatMap(([, from, to]) => {
    const first = Number(from);
    const last = to === undefined ? first : Number(to);
    return Array.from({ length: last - first + 1 }, (_, index) => first + index);
  });
}

describe('citations in the code and the docs', () => {
  it('cite sections of docs/product.md that exist', () => {
    const cites = occurrences(/\bspec §(\d+(?:\.\d+)?)/gi);
    expect(cites.length).toBeGreaterThan(50);
    expect(cites.filter((cite) => !productSections.has(/§(\d+(?:\.\d+)?)/.exec(cite)![1]!))).toEqual([]);
  });

  it('never cite a document or a tracker the repository does not carry', () => {
    expect(occurrences(/\bDESIGN(?:\.md)? §\d+|\bissues? \d+\b/g)).toEqual([]);
  });

  it('cite decisions that have a record, or a line of the index saying where they went', () => {
    const cites = occurrences(/\bdecisions? \d+(?:\s*(?:[–,-]|and)\s*\d+)*/gi);
    expect(cites.length).toBeGreaterThan(40);
    expect(
      cites.filter((cite) =>
        citedNumbers(cite.slice(cite.lastIndexOf(': ') + 2)).some((n) => !records.has(n) && !pointers.has(n)),
      ),
    ).toEqual([]);
  });

  it('link the documents to files that exist', () => {
    const broken = tracked
      .filter((path) => path.endsWith('.md'))
      .flatMap((path) =>
        [...readFileSync(join(root, path), 'utf8').matchAll(/\]\((?![a-z]+:|#)([^)\s#]+)[^)\s]*\)/g)]
          .filter(([, target]) => !existsSync(join(root, dirname(path), target!)))
          .map(([link]) => `${path}: ${link}`),
      );
    expect(broken).toEqual([]);
  });
});
