// `npm run check:dead`: lists the exports in src/, server/ and scripts/ that no other file uses, as `file:line name`,
// and exits 1 when there are any (docs/architecture.md, layout0). A use is an import of the name (a re-export counts only when its own
// name is used), a property of a namespace import or of a dynamically imported module, or an import in a generated
// module. Entry files (below) count as using all their exports; scripts/dead-exports.allow lists the exports that
// are loaded by convention rather than imported.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files whose exports are used from outside the program: the app and gateway mains, tests, tool configs and
 * generated code. Scripts run directly too, but running one uses none of its exports, so theirs are checked. */
const REPOSITORY_ENTRIES = [
  'src/main.tsx',
  'server/main.ts',
  '**/*.test.ts',
  '**/*.test.tsx',
  'tests/**',
  '*.config.ts',
  'eslint/**',
  '**/*.d.ts',
  'src/generated/**',
];
const CHECKED = ['src/**', 'server/**', 'scripts/**'];
const ALLOW_FILE = 'scripts/dead-exports.allow';

interface DeadExport {
  /** Relative to the root, posix separators. */
  file: string;
  line: number;
  name: string;
  /** Its own file uses it: the code is live and only the `export` is superfluous. */
  usedInFile: boolean;
}

interface DeadExportOptions {
  root?: string;
  /** Globs (relative to root) of entry files. */
  entries?: readonly string[];
  /** Globs of the files whose exports are checked. */
  checked?: readonly string[];
  /** The allow-list file, relative to root; lines `<file glob> <export name> <why>`. */
  allowFile?: string;
}

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index] ?? '';
    if (char === '*' && glob[index + 1] === '*') {
      source += glob[index + 2] === '/' ? '(?:.*/)?' : '.*';
      index += glob[index + 2] === '/' ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else source += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const matcher = (globs: readonly string[]) => {
  const patterns = globs.map(globToRegExp);
  return (file: string) => patterns.some((pattern) => pattern.test(file));
};

interface AllowEntry {
  matches: (file: string) => boolean;
  name: string;
}

function readAllowList(file: string): AllowEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [glob = '', name = '', ...why] = line.split(/\s+/);
      if (why.length === 0) throw new Error(`${path.basename(file)}: '${line}' needs a why after the export name`);
      return { matches: matcher([glob]), name };
    });
}

function createProgram(root: string): ts.Program {
  const configPath = path.join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root, undefined, configPath);
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

const isDynamicImport = (node: ts.Node): node is ts.CallExpression =>
  ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword;

/** Every dead export under `root`, sorted by file and line. */
export function findDeadExports(options: DeadExportOptions = {}): DeadExport[] {
  const root = options.root ?? repositoryRoot;
  const isEntry = matcher(options.entries ?? REPOSITORY_ENTRIES);
  const isChecked = matcher(options.checked ?? CHECKED);
  const allowed = readAllowList(path.join(root, options.allowFile ?? ALLOW_FILE));
  const program = createProgram(root);
  const checker = program.getTypeChecker();
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const ownFiles = program.getSourceFiles().filter((file) => !relative(file.fileName).startsWith('..') && !file.fileName.includes('/node_modules/'));

  /** The exports each file declares itself (a name that `export *` passes through belongs to its own file). */
  const exportsOf = new Map<ts.SourceFile, ts.Symbol[]>();
  const exportsByFile = new Map<string, Map<string, ts.Symbol>>();
  for (const file of ownFiles) {
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol) continue;
    const all = checker.getExportsOfModule(moduleSymbol);
    exportsByFile.set(path.resolve(file.fileName), new Map(all.map((symbol) => [symbol.name, symbol])));
    exportsOf.set(file, all.filter((symbol) => symbol.declarations?.some((declaration) => declaration.getSourceFile() === file)));
  }
  const exported = new Set([...exportsOf.values()].flat());

  const used = new Set<ts.Symbol>();
  function use(symbol: ts.Symbol | undefined): void {
    for (let next = symbol; next && !used.has(next); ) {
      used.add(next);
      if (!(next.flags & ts.SymbolFlags.Alias)) break;
      next = checker.getImmediateAliasedSymbol(next);
    }
  }
  const useAll = (moduleSymbol: ts.Symbol | undefined) => {
    if (moduleSymbol?.flags && moduleSymbol.flags & ts.SymbolFlags.Module) checker.getExportsOfModule(moduleSymbol).forEach(use);
  };
  /** A name read off a module object: `ns.name`, `Ns.Type`, `module.name` after import(), `{ name } = await import()`. */
  const useMember = (node: ts.Node) => {
    const symbol = checker.getSymbolAtLocation(node);
    if (symbol && (exported.has(symbol) || symbol.flags & ts.SymbolFlags.Alias)) use(symbol);
  };

  for (const file of ownFiles) {
    if (isEntry(relative(file.fileName))) exportsOf.get(file)?.forEach(use);
    const namespaces = new Set<string>();
    let dynamic = false;
    for (const statement of file.statements) {
      if (ts.isImportDeclaration(statement) && statement.importClause) {
        const clause = statement.importClause;
        if (clause.name) use(checker.getSymbolAtLocation(clause.name));
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) bindings.elements.forEach((element) => use(checker.getSymbolAtLocation(element.name)));
        if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
      }
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && statement.exportClause && ts.isNamespaceExport(statement.exportClause)) {
        useAll(checker.getSymbolAtLocation(statement.moduleSpecifier));
      }
    }
    const visit = (node: ts.Node): void => {
      if (isDynamicImport(node)) {
        dynamic = true;
        const specifier = node.arguments[0];
        // React.lazy(() => import('./Page')) takes the default export.
        if (specifier) use(exportsByFile.get(resolvedPath(specifier, file))?.get('default'));
      }
      if (ts.isIdentifier(node) && namespaces.has(node.text)) {
        const parent = node.parent;
        const member = ts.isPropertyAccessExpression(parent) && parent.expression === node ? parent.name : ts.isQualifiedName(parent) && parent.left === node ? parent.right : undefined;
        if (member) useMember(member);
        else if (!ts.isNamespaceImport(parent)) {
          // The namespace object itself is passed on, so any member may be read.
          const alias = checker.getSymbolAtLocation(node);
          if (alias) useAll(checker.getImmediateAliasedSymbol(alias));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    // A dynamically imported module's members are read through inferred types, so ask the checker for each.
    if (dynamic) {
      const members = (node: ts.Node): void => {
        if (ts.isPropertyAccessExpression(node)) useMember(node.name);
        if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
          const name = node.propertyName ?? node.name;
          if (ts.isIdentifier(name)) {
            const property = checker.getTypeAtLocation(node.parent).getProperty(name.text);
            if (property && exported.has(property)) use(property);
          }
        }
        ts.forEachChild(node, members);
      };
      members(file);
    }
  }

  function resolvedPath(specifier: ts.Expression, from: ts.SourceFile): string {
    if (!ts.isStringLiteralLike(specifier)) return '';
    const resolved = ts.resolveModuleName(specifier.text, from.fileName, program.getCompilerOptions(), ts.sys).resolvedModule;
    return resolved ? path.resolve(resolved.resolvedFileName) : '';
  }

  // Generated JavaScript modules (the precompiled form validators) are outside the program but import from it.
  for (const file of generatedModules(path.join(root, 'src/generated'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
      const target = exportsByFile.get(resolvedPath(statement.moduleSpecifier, source));
      const bindings = statement.importClause.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) bindings.elements.forEach((element) => use(target?.get((element.propertyName ?? element.name).text)));
      if (bindings && ts.isNamespaceImport(bindings)) target?.forEach(use);
    }
  }

  const dead: DeadExport[] = [];
  for (const [file, symbols] of exportsOf) {
    const name = relative(file.fileName);
    if (!isChecked(name) || isEntry(name)) continue;
    const unused = symbols.filter((symbol) => !used.has(symbol) && !allowed.some((entry) => entry.name === symbol.name && entry.matches(name)));
    if (unused.length === 0) continue;
    const usedHere = usedInFile(file, unused);
    for (const symbol of unused) {
      const declaration = symbol.declarations?.find((candidate) => candidate.getSourceFile() === file);
      if (!declaration) continue;
      const at = ts.getNameOfDeclaration(declaration) ?? declaration;
      dead.push({ file: name, line: file.getLineAndCharacterOfPosition(at.getStart()).line + 1, name: symbol.name, usedInFile: usedHere.has(symbol) });
    }
  }
  return dead.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.name.localeCompare(b.name));

  /** Which of `symbols` (exports of `file`) an identifier of `file` refers to, besides their own declarations. */
  function usedInFile(file: ts.SourceFile, symbols: ts.Symbol[]): Set<ts.Symbol> {
    const byTarget = new Map<ts.Symbol, ts.Symbol>();
    const names = new Set<ts.Node>();
    for (const symbol of symbols) {
      byTarget.set(symbol, symbol);
      // `export { local }` and `export default local` refer to a local declaration.
      const local = symbol.flags & ts.SymbolFlags.Alias ? checker.getImmediateAliasedSymbol(symbol) : undefined;
      if (local) byTarget.set(local, symbol);
      for (const declaration of symbol.declarations ?? []) names.add(ts.getNameOfDeclaration(declaration) ?? declaration);
    }
    const wanted = new Set(symbols.map((symbol) => symbol.name));
    const found = new Set<ts.Symbol>();
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !names.has(node) && (wanted.has(node.text) || wanted.has('default'))) {
        const local = checker.getSymbolAtLocation(node);
        const target = local && byTarget.get(checker.getExportSymbolOfSymbol(local));
        if (target) found.add(target);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    return found;
  }
}

function generatedModules(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

// `--used-in-file` also lists the exports only their own file uses (drop the `export`); npm test does not fail on those.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = performance.now();
  const found = findDeadExports();
  const dead = found.filter((entry) => !entry.usedInFile);
  for (const entry of dead) console.error(`${entry.file}:${entry.line} ${entry.name}`);
  if (process.argv.includes('--used-in-file')) {
    const local = found.filter((entry) => entry.usedInFile);
    for (const entry of local) console.log(`${entry.file}:${entry.line} ${entry.name} (used in its file)`);
    console.log(`${local.length} export${local.length === 1 ? '' : 's'} only their own file uses`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (dead.length > 0) {
    console.error(`${dead.length} dead export${dead.length === 1 ? '' : 's'}: remove the code, or list it in ${ALLOW_FILE} with why (${seconds} s)`);
    process.exit(1);
  }
  console.log(`no dead exports (${seconds} s)`);
}
