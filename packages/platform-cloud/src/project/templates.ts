import path from 'node:path';
import type { CloudEnvironment } from '@platform/platform-contract';
import { version } from '../../package.json';
import { dotenvLine } from './dotenv-file';

/** What the example in `src/index.ts` names: a collection of the environment and one of its columns. */
export interface ExampleField {
  readonly collection: string;
  readonly column: string;
}

/** The TypeScript the generated project is checked with (the one this package is tested with). */
const TYPESCRIPT_RANGE = '~5.9.3';

/** The files of a new customization project, by path relative to it. */
export function projectFiles(options: {
  readonly directory: string;
  readonly environment: CloudEnvironment;
  readonly environmentSecret: string;
  readonly platformUrl: string;
  readonly example: ExampleField | undefined;
}): Record<string, string> {
  const { environment } = options;
  const where = `${environment.organization.name}/${environment.project.name}/${environment.name}`;
  return {
    'package.json': packageJson(path.basename(options.directory), where),
    'tsconfig.json': `${JSON.stringify(TSCONFIG, null, 2)}\n`,
    'src/index.ts': indexTs(options.example),
    '.env': [
      '# The cloud environment this project customizes. Secret: keep this file out of version control.',
      dotenvLine('PLATFORM_ENV_SECRET', options.environmentSecret),
      dotenvLine('PLATFORM_URL', options.platformUrl),
      '',
    ].join('\n'),
    '.gitignore': '.env\nnode_modules/\ndist/\n',
    'README.md': readme(where),
  };
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023'],
    module: 'node16',
    moduleResolution: 'node16',
    strict: true,
    esModuleInterop: true,
    isolatedModules: true,
    skipLibCheck: true,
    forceConsistentCasingInFileNames: true,
    noEmit: true,
  },
  include: ['src', 'typings.d.ts'],
};

function packageJson(directoryName: string, where: string): string {
  const name =
    directoryName
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[._-]+/, '') || 'cloud-customizer';
  const manifest = {
    name,
    version: '0.1.0',
    private: true,
    description: `Customization of the cloud environment ${where}`,
    scripts: {
      build: 'platform-cloud build',
      typecheck: 'tsc --noEmit',
      'update-typings': 'platform-cloud update-typings',
      publish: 'platform-cloud publish',
      logs: 'platform-cloud logs',
    },
    devDependencies: {
      '@platform/platform-cloud': `^${version}`,
      typescript: TYPESCRIPT_RANGE,
    },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function indexTs(example: ExampleField | undefined): string {
  const sample = example
    ? [
        '  // For example, a computed field (the agent README lists every customization):',
        '  //',
        `  // agent.customizeCollection('${example.collection}', (collection) =>`,
        "  //   collection.addField('label', {",
        "  //     columnType: 'String',",
        `  //     dependencies: ['${example.column}'],`,
        `  //     getValues: (records) => records.map((record) => \`#\${record['${example.column}']}\`),`,
        '  //   }),',
        '  // );',
      ]
    : ['  // For example: agent.customizeCollection(name, (collection) => collection.addField(...)).'];
  return [
    "import type { Agent } from '@platform/platform-cloud';",
    "import type { Schema } from '../typings';",
    '',
    '/**',
    " * The customization of your cloud environment's agent: the hosted agent calls it at start, with",
    " * your database's collections already added. After a change here or in the database, run",
    ' * `npm run update-typings`; then `npm run publish`.',
    ' */',
    'export default function customize(agent: Agent<Schema>): void {',
    ...sample,
    '}',
    '',
  ].join('\n');
}

function readme(where: string): string {
  return `# Customization of ${where}

The code the platform's hosted agent runs for this cloud environment: \`src/index.ts\` exports
the function that customizes the agent (computed fields, relations, actions, segments...).

\`\`\`sh
npm install
npm run update-typings   # typings.d.ts from the database structure and src/index.ts
npm run typecheck        # tsc --noEmit
npm run publish          # type-check, bundle, upload; waits until the hosted agent serves it
npm run logs             # the hosted agent's recent log lines (add -- --follow)
\`\`\`

\`.env\` holds the environment secret and the platform URL: keep it out of version control.
Sign in first with \`npx platform-cloud login\`.
`;
}
