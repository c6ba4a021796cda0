import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { auditActions, auditFields, auditSubjects } from '../../contracts/audit';

// The admin audit page words what the shared lists in api/contracts/audit.ts name. The type of recordAudit keeps
// literal keys to them, but not keys that come in by a spread or a helper's return value: so every call in the
// API's source is read with the type checker, and what it can record is compared with the lists.
const apiDir = join(import.meta.dirname, '../..');
const recorders = readdirSync(apiDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('node_modules'))
  .map((file) => join(apiDir, file))
  .filter((file) => readFileSync(file, 'utf8').includes('recordAudit('));

/** What every recordAudit call can write: actions and subjects (literal types), and the keys of before/after. */
function recorded() {
  const configFile = ts.findConfigFile(apiDir, ts.sys.fileExists)!;
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, join(configFile, '..'));
  const program = ts.createProgram(recorders, options);
  const checker = program.getTypeChecker();
  const found = { calls: 0, actions: new Set<string>(), subjects: new Set<string>(), fields: new Set<string>() };
  const problems: string[] = [];
  const literals = (type: ts.Type, where: string, into: Set<string>) => {
    for (const part of type.isUnion() ? type.types : [type]) {
      if (part.isStringLiteral()) into.add(part.value);
      else problems.push(`${where}: ${checker.typeToString(part)} is not a literal`);
    }
  };
  const visit = (node: ts.Node, file: ts.SourceFile) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'recordAudit') {
      found.calls += 1;
      const where = `${file.fileName.slice(apiDir.length + 1)}:${file.getLineAndCharacterOfPosition(node.pos).line + 1}`;
      const event = checker.getTypeAtLocation(node.arguments[1]!);
      const property = (name: string) => {
        const symbol = event.getProperty(name);
        return symbol && checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(symbol, node));
      };
      literals(property('action')!, `${where} action`, found.actions);
      literals(property('subjectType')!, `${where} subjectType`, found.subjects);
      for (const side of ['before', 'after']) {
        const type = property(side);
        if (!type || type.flags & ts.TypeFlags.Never) continue;
        for (const part of type.isUnion() ? type.types : [type]) {
          if (part.getProperties().length === 0) problems.push(`${where} ${side}: ${checker.typeToString(part)}`);
          for (const field of part.getProperties()) found.fields.add(field.name);
        }
      }
    }
    ts.forEachChild(node, (child) => visit(child, file));
  };
  for (const file of recorders) visit(program.getSourceFile(file)!, program.getSourceFile(file)!);
  return { ...found, problems };
}

describe('what the audit log records', () => {
  const found = recorded();

  it('is read from every recordAudit call, each with literal actions and subjects and known keys', () => {
    expect(found.calls).toBeGreaterThanOrEqual(15);
    expect(found.problems).toEqual([]);
  });

  it('is all in the shared lists the audit page words', () => {
    expect([...found.actions].filter((action) => !(auditActions as readonly string[]).includes(action))).toEqual([]);
    expect([...found.subjects].filter((subject) => !(auditSubjects as readonly string[]).includes(subject))).toEqual(
      [],
    );
    expect([...found.fields].filter((field) => !(auditFields as readonly string[]).includes(field))).toEqual([]);
  });

  it('leaves nothing in the lists that no call records', () => {
    expect(auditActions.filter((action) => !found.actions.has(action))).toEqual([]);
    expect(auditSubjects.filter((subject) => !found.subjects.has(subject))).toEqual([]);
    expect(auditFields.filter((field) => !found.fields.has(field))).toEqual([]);
  });
});
