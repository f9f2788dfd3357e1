/**
 * The public surface of shared-contracts as the TypeScript compiler sees it, flattened to one line per
 * thing a remote or service can depend on, and the comparison of two surfaces that says what breaks.
 *
 * Every file of src/ is read (an entry of its package.json `exports`, or reached through the main entry).
 * Each exported name gives lines:
 * - an interface, a class or an object type (and an object-valued constant such as NAMED_ROUTES): one line
 *   per member, `entry:Name.member` -> `?: type` or `: type` (a readonly member says so);
 * - a union of literals or types: one line per member, `entry:Name|member`;
 * - anything else (a function, a constant, a type alias): `entry:Name` -> its type as the compiler prints it.
 * Breaking: a line the release had is gone (a removed name, member or union member: a remote built against
 * the release used it), or its type changed, or a member turned from optional to required. Additive: a line
 * the release did not have (a new name, a new member, a union member more: such a widening is noted in the
 * CHANGELOG), or a `string` that became a union of string literals (the contract now names the values it
 * holds: a tool id, an algorithm id; nothing changes at run time and code that reads it is unaffected). The
 * rule is conservative where text alone cannot tell (any other changed type is breaking).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type Surface = Map<string, string>;

const PRINT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.WriteArrayAsGenericType;

/** The contract's entries: every .ts file of src/ but the tests. */
export function contractEntries(srcDir: string): string[] {
  return readdirSync(srcDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .sort()
    .map((file) => path.join(srcDir, file));
}

function isObjectLike(type: ts.Type, checker: ts.TypeChecker): boolean {
  if (type.isUnion() || !(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return false;
  // a list is one line (its element type), not the methods of Array
  if (checker.isArrayType(type) || checker.isTupleType(type)) return false;
  // a function is one line (its signature), not members
  return checker.getSignaturesOfType(type, ts.SignatureKind.Call).length === 0 && checker.getPropertiesOfType(type).length > 0;
}

export function surfaceOf(srcDir: string): Surface {
  const entries = contractEntries(srcDir);
  const program = ts.createProgram(entries, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    resolveJsonModule: true,
    allowImportingTsExtensions: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const surface: Surface = new Map();
  // a type printed from another file names it by path: the same surface read from two folders must print alike
  const folder = new RegExp(`${srcDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`, 'g');
  const text = (type: ts.Type, at: ts.Node) => checker.typeToString(type, at, PRINT).replace(folder, '');
  /** one line per member; an anonymous object type inside (an answer's data) is opened too, so a field it gains is additive */
  function members(prefix: string, type: ts.Type, fallback: ts.Node, depth: number): void {
    for (const property of checker.getPropertiesOfType(type)) {
      // well-known symbols (Symbol.iterator) carry compiler-made ids, not names anyone writes
      if (property.name.startsWith('__@')) continue;
      const at = property.valueDeclaration ?? property.declarations?.[0] ?? fallback;
      const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
      const readonly = ts.getCombinedModifierFlags(at as ts.Declaration) & ts.ModifierFlags.Readonly ? 'readonly ' : '';
      const memberType = checker.getTypeOfSymbolAtLocation(property, at);
      const anonymous = (memberType.flags & ts.TypeFlags.Object) !== 0 && ((memberType as ts.ObjectType).objectFlags & ts.ObjectFlags.Anonymous) !== 0;
      if (depth < 4 && anonymous && isObjectLike(memberType, checker)) {
        surface.set(`${prefix}.${property.name}`, `${readonly}${optional}: {}`);
        members(`${prefix}.${property.name}`, memberType, at, depth + 1);
      } else surface.set(`${prefix}.${property.name}`, `${readonly}${optional}: ${text(memberType, at)}`);
    }
  }
  for (const file of entries) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!source || !moduleSymbol) continue;
    const entry = path.basename(file, '.ts');
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const name = `${entry}:${exported.name}`;
      const declaration = symbol.declarations?.[0];
      if (!declaration) continue;
      const isType = Boolean(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class));
      const type = isType ? checker.getDeclaredTypeOfSymbol(symbol) : checker.getTypeOfSymbolAtLocation(symbol, declaration);
      if (type.isUnion() && isType) {
        for (const member of type.types) surface.set(`${name}|${text(member, declaration)}`, 'member');
      } else if (isObjectLike(type, checker)) {
        members(name, type, declaration, 0);
      } else {
        // a constant's value may change between releases (CONTRACT_VERSION does every time): its type is what users rely on
        const printed = symbol.flags & ts.SymbolFlags.Variable && type.isLiteral() ? text(checker.getBaseTypeOfLiteralType(type), declaration) : text(type, declaration);
        surface.set(name, printed);
      }
      // a generic type's parameters are part of what users write
      const parameters = (declaration as ts.InterfaceDeclaration).typeParameters;
      if (parameters?.length) surface.set(`${name}<>`, parameters.map((parameter) => parameter.getText()).join(', '));
    }
  }
  return surface;
}

export interface SurfaceChange {
  line: string;
  before?: string;
  after?: string;
}

export interface SurfaceDiff {
  breaking: SurfaceChange[];
  additive: SurfaceChange[];
}

/**
 * The members of a printed type's top-level union ('"a" | "b" | null' -> ['"a"', '"b"', 'null']), or null
 * when it is not a union. Unions inside generics, parentheses, objects or tuples stay whole.
 */
export function unionMembers(printed: string): string[] | null {
  const members: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < printed.length; i++) {
    const c = printed[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('<({['.includes(c)) depth++;
    else if ('>)}]'.includes(c) && printed[i - 1] !== '=') depth--;
    else if (depth === 0 && printed.startsWith(' | ', i)) {
      members.push(printed.slice(start, i).trim());
      start = i + 3;
      i += 2;
    }
  }
  if (!members.length) return null;
  members.push(printed.slice(start).trim());
  return members;
}

/**
 * How a type changed for a remote built against the release: 'same' when only the printing order of a
 * union's members moved (the compiler prints them in the order it first met them), 'widened' when a union
 * only gained members (a new route name, a new status: remotes treat a value they do not know as the
 * contract's CHANGELOG asks, so this is a minor change), 'named' when a `string` became a union of string
 * literals (the same values, now named by the contract: a minor change), else 'changed'.
 */
export function typeChange(before: string, after: string): 'same' | 'widened' | 'named' | 'changed' {
  if (before === after) return 'same';
  const [label, was] = before.startsWith(': ') ? [': ', before.slice(2)] : ['', before];
  if (!after.startsWith(label)) return 'changed';
  const now = unionMembers(after.slice(label.length));
  if (was === 'string' && now?.every((member) => /^"[^"\\]*"$/.test(member))) return 'named';
  const old = unionMembers(was);
  if (!old || !now) return 'changed';
  const nowSet = new Set(now);
  if (!old.every((member) => nowSet.has(member))) return 'changed';
  return now.length === old.length ? 'same' : 'widened';
}

export function compareSurfaces(release: Surface, current: Surface): SurfaceDiff {
  const breaking: SurfaceChange[] = [];
  const additive: SurfaceChange[] = [];
  for (const [line, before] of release) {
    const after = current.get(line);
    if (after === undefined) breaking.push({ line, before });
    else {
      // a required member that became optional reads the same to a consumer that only reads it... but a
      // remote that reads it may now get undefined: every other type change counts as breaking
      const change = typeChange(before, after);
      if (change === 'changed') breaking.push({ line, before, after });
      else if (change === 'widened' || change === 'named') additive.push({ line, before, after });
    }
  }
  for (const [line, after] of current) if (!release.has(line)) additive.push({ line, after });
  return { breaking, additive };
}

export function describeChange(change: SurfaceChange): string {
  if (change.after === undefined) return `removed ${change.line} (${change.before})`;
  if (change.before === undefined) return `added ${change.line} (${change.after})`;
  return `changed ${change.line}: ${change.before} -> ${change.after}`;
}

export const majorOf = (version: string): number => Number(/^(\d+)\./.exec(version)?.[1] ?? Number.NaN);
