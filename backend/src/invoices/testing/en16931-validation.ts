import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const artefacts = join(import.meta.dirname, 'en16931-cii');
const XSD = join(artefacts, 'xsd/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd');
const XSLT = join(artefacts, 'EN16931-CII-validation.xslt');

export interface SchemaResult {
  valid: boolean;
  output: string;
}

/** The XML's structure against the CII D16B XSD, with Debian's xmllint (libxml2-utils). */
export function checkAgainstXsd(xml: string): SchemaResult {
  const found = spawnSync('xmllint', ['--version']);
  if (found.error) {
    throw new Error(
      "xmllint is missing: install Debian's libxml2-utils (apt-get install libxml2-utils), as .ci/run does",
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'coseso-cii-'));
  try {
    const file = join(dir, 'factur-x.xml');
    writeFileSync(file, xml);
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', XSD, file], { encoding: 'utf8' });
    return { valid: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The compiled Schematron (SEF, for SaxonJS), compiled once from the official XSLT by xslt3 and
 * cached in the system's temporary folder under the XSLT's hash: compiling takes 20 s or more,
 * running it well under a second.
 */
export function compiledSchematron(): string {
  const hash = createHash('sha256').update(readFileSync(XSLT)).digest('hex').slice(0, 16);
  const cacheDir = join(tmpdir(), 'coseso-en16931-sef');
  const sef = join(cacheDir, `EN16931-CII-validation.${hash}.sef.json`);
  if (existsSync(sef)) return sef;
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${sef}.${process.pid}.tmp`;
  const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');
  execFileSync(process.execPath, [xslt3, `-xsl:${XSLT}`, `-export:${partial}`, '-nogo'], { stdio: 'pipe' });
  // Parallel test files may compile at once; a rename is atomic, so readers see a whole file.
  renameSync(partial, sef);
  return sef;
}

export interface SchematronResult {
  /** Every failed assert: its rule id, flag and text. */
  failures: string[];
  svrl: string;
}

interface SaxonJs {
  transform(
    options: { stylesheetFileName: string; sourceText: string; destination: 'serialized' },
    mode: 'sync',
  ): { principalResult: string };
}

let saxon: SaxonJs | null = null;

/** The EN 16931 business rules (BR-*, BR-CO-*, BR-S-*…) on the XML, through SaxonJS. */
export function checkAgainstSchematron(xml: string, sef = compiledSchematron()): SchematronResult {
  saxon ??= createRequire(import.meta.url)('saxon-js') as SaxonJs;
  const { principalResult: svrl } = saxon.transform(
    { stylesheetFileName: sef, sourceText: xml, destination: 'serialized' },
    'sync',
  );
  const failures = [...svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map(
    ([, attributes, body]) => {
      const id = /id="([^"]*)"/.exec(attributes!)?.[1] ?? '?';
      const flag = /flag="([^"]*)"/.exec(attributes!)?.[1] ?? '?';
      const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body!)?.[1]?.trim() ?? '';
      return `${id} (${flag}): ${text}`;
    },
  );
  return { failures, svrl };
}

/** The text a person reads on the PDF's pages, with poppler's pdftotext (Debian's poppler-utils). */
export function visibleText(pdf: Uint8Array): string {
  const run = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
    encoding: 'utf8',
  });
  if (run.error) {
    throw new Error(
      "pdftotext is missing: install Debian's poppler-utils (apt-get install poppler-utils), as .ci/run does",
    );
  }
  if (run.status !== 0) throw new Error(`pdftotext could not read the PDF: ${run.stderr}`);
  return run.stdout;
}
