import { validationErrorFromIssues } from '@platform/datasource-toolkit';
import { z } from 'zod';
import { paramsIssueMessage } from './params-issue-message';

const SUBJECT = 'MongoDB connection parameters';

const tlsSchema = z.union([
  z.boolean(),
  z.strictObject({
    caFile: z.string().optional(),
    certificateKeyFile: z.string().optional(),
    certificateKeyFilePassword: z.string().optional(),
    allowInvalidCertificates: z.boolean().optional(),
  }),
]);

const commonSchema = {
  /** Passed as is to `new MongoClient(uri, options)` (pool sizes, timeouts...). */
  clientOptions: z.record(z.string(), z.unknown()).optional(),
  /** Documents sampled per collection to infer its fields (default 100). */
  sampleSize: z.number().int().positive().optional(),
  /** Values of a candidate reference checked against the target collection (default 10). */
  referenceSampleSize: z.number().int().positive().optional(),
};

const hostSchema = z.strictObject({
  host: z.string({ error: (issue) => (issue.input === undefined ? 'required (or give `uri`)' : undefined) }).min(1),
  port: z.number().int().min(1).max(65_535).optional(),
  database: z.string().min(1),
  username: z.string().optional(),
  password: z.string().optional(),
  authSource: z.string().optional(),
  replicaSet: z.string().optional(),
  tls: tlsSchema.optional(),
  ...commonSchema,
});

const uriSchema = z.strictObject({
  uri: z.string().superRefine((uri, context) => {
    const message = problemOfUri(uri);
    if (message) context.addIssue({ code: 'custom', message });
  }),
  /** The database, when the URI does not name one. */
  database: z.string().min(1).optional(),
  tls: tlsSchema.optional(),
  ...commonSchema,
});

// The type of the two forms. Input is never parsed with this union, which would collapse the
// problems of both forms into one "Invalid input": `uri` chooses the form, whose problems are named.
const paramsSchema = z.union([uriSchema, hostSchema]);

/**
 * Where the MongoDB database is: a URI, or host, port, database, credentials and TLS options;
 * plus how many documents introspection samples.
 *
 * @example { uri: 'mongodb://127.0.0.1:27017/shop', sampleSize: 200 }
 */
export type MongoConnectionParams = z.input<typeof paramsSchema>;

/** Connection parameters resolved into what `new MongoClient(uri, options)` takes. @internal */
export interface ResolvedMongoConnection {
  readonly uri: string;
  readonly database: string;
  readonly clientOptions: Record<string, unknown>;
  readonly sampleSize: number;
  readonly referenceSampleSize: number;
}

/**
 * Parses connection parameters (a URI string or an object).
 * @internal
 * @throws ValidationError listing each bad option.
 */
export function resolveConnectionParams(input: string | MongoConnectionParams): ResolvedMongoConnection {
  const candidate: unknown = typeof input === 'string' ? { uri: input } : input;
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) {
    throw validationErrorFromIssues(SUBJECT, [
      { path: '', message: 'expected a mongodb:// URI string or an object of connection parameters' },
    ]);
  }
  const params = 'uri' in candidate ? parseForm(uriSchema, candidate) : parseForm(hostSchema, candidate);
  const clientOptions: Record<string, unknown> = { ...params.clientOptions };
  if (params.tls !== undefined) {
    const tls = params.tls;
    clientOptions.tls = tls !== false;
    if (typeof tls === 'object') {
      if (tls.caFile) clientOptions.tlsCAFile = tls.caFile;
      if (tls.certificateKeyFile) clientOptions.tlsCertificateKeyFile = tls.certificateKeyFile;
      if (tls.certificateKeyFilePassword) clientOptions.tlsCertificateKeyFilePassword = tls.certificateKeyFilePassword;
      if (tls.allowInvalidCertificates) clientOptions.tlsAllowInvalidCertificates = true;
    }
  }
  const sampling = { sampleSize: params.sampleSize ?? 100, referenceSampleSize: params.referenceSampleSize ?? 10 };

  if ('uri' in params) {
    const database = params.database ?? databaseOfUri(params.uri);
    if (!database) {
      throw validationErrorFromIssues(SUBJECT, [
        { path: 'database', message: 'the URI names no database: add one to its path or set `database`' },
      ]);
    }

    return { uri: params.uri, database, clientOptions, ...sampling };
  }
  const credentials = params.username
    ? `${encodeURIComponent(params.username)}:${encodeURIComponent(params.password ?? '')}@`
    : '';
  const query = new URLSearchParams();
  if (params.authSource) query.set('authSource', params.authSource);
  if (params.replicaSet) query.set('replicaSet', params.replicaSet);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  const uri = `mongodb://${credentials}${params.host}:${params.port ?? 27017}/${encodeURIComponent(params.database)}${search}`;

  return { uri, database: params.database, clientOptions, ...sampling };
}

function parseForm<Output>(schema: z.ZodType<Output>, candidate: object): Output {
  const parsed = schema.safeParse(candidate, { error: paramsIssueMessage });
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.flatMap((issue) =>
    // One issue per unknown key, named by its own path.
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path, key].map(String).join('.'), message: issue.message }))
      : [{ path: issue.path.map(String).join('.'), message: issue.message }],
  );

  throw validationErrorFromIssues(SUBJECT, issues, { cause: parsed.error });
}

function problemOfUri(uri: string): string | undefined {
  const authority = /^mongodb(?:\+srv)?:\/\/([^/?]*)/.exec(uri)?.[1];
  if (authority === undefined) return 'expected a URI starting with mongodb:// or mongodb+srv://';
  // The host follows the credentials, if any.
  if (authority.slice(authority.lastIndexOf('@') + 1) === '') return 'the URI names no host';

  return undefined;
}

function databaseOfUri(uri: string): string | undefined {
  const path = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]*)/.exec(uri)?.[1];

  return path ? decodeURIComponent(path) : undefined;
}
