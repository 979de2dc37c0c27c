// Builds kyc-verify/angular with ngc in partial compilation mode, which the linker of any Angular
// app completes. The rest of the package enters as its built declarations (dist/lib), so ngc emits
// the directive alone and leaves the element to the browser build, whose define.js it imports.
import { createCompilerHost, exitCodeFromResult, formatDiagnostics, performCompilation, readConfiguration } from '@angular/compiler-cli';
import { relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = resolve('src');
const ANGULAR = resolve('src/angular');
const DECLARATIONS = resolve('dist/lib');

/** The built declarations of `file` when it is the package's source outside src/angular, else `file`. */
function asBuilt(module: ts.ResolvedModuleFull): ts.ResolvedModuleFull {
  const file = module.resolvedFileName;
  if (!file.startsWith(SOURCE + '/') || file.startsWith(ANGULAR + '/') || module.extension !== ts.Extension.Ts) return module;
  const declarations = resolve(DECLARATIONS, relative(SOURCE, file)).replace(/\.ts$/, '.d.ts');
  return { ...module, resolvedFileName: declarations, extension: ts.Extension.Dts, isExternalLibraryImport: false };
}

const { rootNames, options, errors } = readConfiguration('src/angular/tsconfig.json');
const host = createCompilerHost({ options });
host.resolveModuleNames = (names, containingFile) =>
  names.map((name) => {
    const { resolvedModule } = ts.resolveModuleName(name, containingFile, options, host);
    return resolvedModule && asBuilt(resolvedModule);
  });

const result = errors.length ? { diagnostics: errors } : performCompilation({ rootNames, options, host });
if (result.diagnostics.length) console.error(formatDiagnostics(result.diagnostics));
process.exitCode = exitCodeFromResult(result.diagnostics);
