/**
 * The types the manifest names but does not describe (an event's `detail`, `KycStatusDetail`; an
 * attribute's `KycVerifyMode`), read from the package's own declarations: what `import … from
 * 'kyc-verify'` gives (src/index.ts).
 */
import { join } from 'node:path';
import ts from 'typescript';

export interface TypeField {
  name: string;
  type: string;
  optional: boolean;
  description: string;
}

export interface PackageTypes {
  /** The fields of each exported interface or object type, by name. */
  fields: Map<string, TypeField[]>;
  /** The values of each exported union of string literals (`KycVerifyMode`: `auto`, `qr`…), by name. */
  unions: Map<string, string[]>;
}

export function packageTypes(repository: string, entry: string): PackageTypes {
  const file = join(repository, entry);
  const program = ts.createProgram([file], { strict: true, skipLibCheck: true, noEmit: true, target: ts.ScriptTarget.ES2022 });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const types: PackageTypes = { fields: new Map(), unions: new Map() };
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue;
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    if (type.isUnion() && type.types.every((member) => member.isStringLiteral())) {
      types.unions.set(
        exported.name,
        type.types.map((member) => (member as ts.StringLiteralType).value),
      );
      continue;
    }
    const fields = type.getProperties().map((property) => {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      const text = checker.typeToString(checker.getTypeOfSymbol(property), undefined, ts.TypeFormatFlags.NoTruncation);
      return {
        name: property.name,
        type: optional ? text.replace(/ \| undefined$/, '') : text,
        optional,
        description: ts.displayPartsToString(property.getDocumentationComment(checker)),
      };
    });
    if (fields.length) types.fields.set(exported.name, fields);
  }
  return types;
}
