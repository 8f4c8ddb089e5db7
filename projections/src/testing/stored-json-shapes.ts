import { createHash } from 'node:crypto';
import { join } from 'node:path';
import ts from 'typescript';
import { getMetadataArgsStorage } from 'typeorm';
import { type Projector } from '../projector.js';

/** One json/jsonb column of a read model: its table and column, and the entity property its TypeScript type is read from. */
export interface JsonColumn {
  readonly projector: string;
  readonly table: string;
  readonly column: string;
  readonly entity: string;
  readonly property: string;
}

/** What the guard keeps of a projector: its version and, per json column, the shape of what it stores and its hash. */
export interface StoredJsonShapes {
  readonly version: number;
  readonly columns: Record<string, { readonly fingerprint: string; readonly shape: readonly string[] }>;
}

/** Every json or jsonb column of the projectors' entities, found in TypeORM's metadata (the entities are the tables). */
export function jsonColumnsOf(projectors: readonly Projector[]): JsonColumn[] {
  const metadata = getMetadataArgsStorage();
  const found: JsonColumn[] = [];
  for (const projector of projectors)
    for (const entity of projector.entities) {
      const table = metadata.tables.find((t) => t.target === entity)?.name;
      for (const column of metadata.columns.filter((c) => c.target === entity)) {
        const type = column.options.type;
        if (type !== 'json' && type !== 'jsonb') continue;
        found.push({
          projector: projector.name,
          table: table ?? (entity as { name: string }).name,
          column: column.options.name ?? column.propertyName,
          entity: (entity as { name: string }).name,
          property: column.propertyName,
        });
      }
    }
  return found;
}

const repository = join(import.meta.dirname, '../../..');

/**
 * The shapes of the json columns' TypeScript types, one line per property, nested, sorted: what a
 * stored document may hold. Read by the compiler from the entities' sources (`*.entity.ts` under
 * projections/src/read-models), through every type they name, so a change to `OrderState` in the
 * domain shows here.
 */
export function shapesOf(columns: readonly JsonColumn[]): Map<JsonColumn, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(join(repository, 'tsconfig.check.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error('tsconfig.check.json could not be read');
  const entityFiles = ts.sys
    .readDirectory(join(repository, 'projections/src/read-models'), ['.ts'])
    .filter((file) => file.endsWith('.entity.ts'));
  const options = { ...config.options, noEmit: true, types: [] };
  // TypeORM's declarations (some 370 files) give the decorators their types, which no shape needs:
  // read as empty, they halve the compiler's work.
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    fileName.includes('/node_modules/typeorm/')
      ? ts.createSourceFile(fileName, '', language)
      : read(fileName, language, ...rest);
  const program = ts.createProgram(entityFiles, options, host);
  const checker = program.getTypeChecker();
  const classes = new Map<string, ts.ClassDeclaration>();
  for (const file of entityFiles) {
    const source = program.getSourceFile(file);
    source?.forEachChild((node) => {
      if (ts.isClassDeclaration(node) && node.name) classes.set(node.name.text, node);
    });
  }
  const shapes = new Map<JsonColumn, string[]>();
  for (const column of columns) {
    const declaration = classes.get(column.entity);
    if (!declaration)
      throw new Error(`no class ${column.entity} in projections/src/read-models/**/*.entity.ts`);
    const member = declaration.members.find(
      (m) => ts.isPropertyDeclaration(m) && m.name.getText() === column.property,
    );
    if (!member) throw new Error(`${column.entity} has no property ${column.property}`);
    const type = checker.getTypeAtLocation(member);
    shapes.set(column, describe(checker, type, '', new Set()).split('\n'));
  }
  return shapes;
}

export const fingerprintOf = (shape: readonly string[]) =>
  createHash('sha256').update(shape.join('\n')).digest('hex').slice(0, 16);

/** A type as JSON would hold it, written out: objects as their sorted properties, unions sorted, names of recursive types kept. */
function describe(
  checker: ts.TypeChecker,
  type: ts.Type,
  indent: string,
  seen: Set<ts.Type>,
  optional = false,
): string {
  if (type.isUnion()) {
    // An optional property's `undefined` is the `?` its line already shows.
    const types = optional ? type.types.filter((t) => (t.flags & ts.TypeFlags.Undefined) === 0) : type.types;
    const members = types.map((t) => describe(checker, t, indent, seen));
    const unique = [...new Set(members)];
    if (unique.includes('false') && unique.includes('true'))
      unique.splice(0, unique.length, 'boolean', ...unique.filter((m) => m !== 'false' && m !== 'true'));
    // Objects last, each on its own lines; scalars first, in order.
    const scalars = unique.filter((m) => !m.includes('\n')).sort();
    const objects = unique.filter((m) => m.includes('\n')).sort();
    return [...scalars, ...objects].join(' | ');
  }
  if (type.isIntersection() || (type.flags & ts.TypeFlags.Object) !== 0) {
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      return `Array<${element ? describe(checker, element, indent, seen) : 'unknown'}>`;
    }
    if (checker.isTupleType(type)) {
      const elements = checker.getTypeArguments(type as ts.TypeReference);
      return `[${elements.map((element) => describe(checker, element, indent, seen)).join(', ')}]`;
    }
    if (seen.has(type)) return checker.typeToString(type);
    const properties = checker.getPropertiesOfType(type);
    const index = checker.getIndexInfosOfType(type);
    if (properties.length === 0 && index.length === 0) return checker.typeToString(type);
    const inner = `${indent}  `;
    const within = new Set(seen).add(type);
    const lines = properties
      .map((property) => {
        const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
        const shape = describe(checker, checker.getTypeOfSymbol(property), inner, within, optional);
        return `${inner}${property.name}${optional ? '?' : ''}: ${shape}`;
      })
      .sort();
    for (const info of index)
      lines.push(
        `${inner}[key: ${checker.typeToString(info.keyType)}]: ${describe(checker, info.type, inner, within)}`,
      );
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  return checker.typeToString(type);
}
