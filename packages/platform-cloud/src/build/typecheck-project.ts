import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type ts from 'typescript';
import { TypeCheckError, UsageError } from '../cli/cli-errors';

/**
 * Type-checks the project as `tsc --noEmit -p <directory>` would, with the project's own
 * TypeScript when it has one (else this package's).
 * @throws TypeCheckError naming the first error as `file:line:col` and how many follow.
 */
export async function typecheckProject(directory: string): Promise<void> {
  const typescript = await loadTypeScript(directory);
  const configFile = path.join(directory, 'tsconfig.json');
  if (!existsSync(configFile)) throw new UsageError(`no tsconfig.json in ${directory}: is it a customization project?`);

  const configErrors: ts.Diagnostic[] = [];
  const parsed = typescript.getParsedCommandLineOfConfigFile(
    configFile,
    { noEmit: true },
    {
      ...typescript.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => configErrors.push(diagnostic),
    },
  );
  const program = parsed
    ? typescript.createProgram({
        rootNames: parsed.fileNames,
        options: { ...parsed.options, noEmit: true },
        projectReferences: parsed.projectReferences,
      })
    : undefined;
  const diagnostics = [
    ...configErrors,
    ...(parsed?.errors ?? []),
    ...(program ? typescript.getPreEmitDiagnostics(program) : []),
  ].filter((diagnostic) => diagnostic.category === typescript.DiagnosticCategory.Error);
  const [first] = diagnostics;
  if (first === undefined) return;

  const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more: npm run typecheck lists them)` : '';
  throw new TypeCheckError(`${describe(typescript, first, directory)}${more}`);
}

function describe(typescript: typeof ts, diagnostic: ts.Diagnostic, directory: string): string {
  const message = typescript.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  if (!diagnostic.file || diagnostic.start === undefined) return `error TS${diagnostic.code}: ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  const file = path.relative(directory, diagnostic.file.fileName);
  return `${file}:${line + 1}:${character + 1}: error TS${diagnostic.code}: ${message}`;
}

async function loadTypeScript(directory: string): Promise<typeof ts> {
  try {
    return createRequire(path.join(directory, 'package.json'))('typescript') as typeof ts;
  } catch {
    const own = (await import('typescript')) as typeof ts & { default?: typeof ts };
    return own.default ?? own;
  }
}
