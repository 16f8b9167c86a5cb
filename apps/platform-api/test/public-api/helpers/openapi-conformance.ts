import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

interface ResponseLike {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: unknown;
}

interface HeaderDefinition {
  readonly required?: boolean;
  readonly schema: object;
}

interface OpenApiDocument {
  readonly paths: Record<
    string,
    Record<string, { responses: Record<string, { headers?: Record<string, HeaderDefinition> }> }>
  >;
}

const pointer = (...segments: string[]) =>
  segments.map((segment) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/**
 * Checks real responses against the OpenAPI document the API serves: the status must be documented
 * for the operation, the body must validate against that status's schema (ajv, JSON Schema 2020-12
 * as OpenAPI 3.1 uses it) and every required header must be present and valid.
 */
export function createConformanceChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as object, 'openapi');
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));

  function validate(schemaRef: string, value: unknown): string[] {
    const check = ajv.compile({ $ref: schemaRef });
    return check(value) ? [] : (check.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  }

  return function problemsOf(method: string, url: string, response: ResponseLike): string[] {
    const path = url.split('?')[0] ?? url;
    const match = templates.find((candidate) => candidate.pattern.test(path));
    const operation = match ? document.paths[match.template]?.[method.toLowerCase()] : undefined;
    if (!match || !operation) {
      // Unknown routes are not in the document: they must still answer 404 with the error shape.
      if (response.status !== 404) return [`undocumented route ${method} ${path} answered ${response.status}`];
      return validate('openapi#/components/schemas/Error', response.body);
    }
    const definition = operation.responses[String(response.status)];
    if (!definition) return [`status ${response.status} is not documented for ${method} ${match.template}`];

    const base = `openapi#/${pointer('paths', match.template, method.toLowerCase(), 'responses', String(response.status))}`;
    const problems = validate(`${base}/content/application~1json/schema`, response.body);
    for (const [name, header] of Object.entries(definition.headers ?? {})) {
      const raw = response.headers[name.toLowerCase()];
      if (raw === undefined) {
        if (header.required) problems.push(`missing header ${name}`);
        continue;
      }
      const value = /^-?\d+$/.test(String(raw)) ? Number(raw) : raw;
      problems.push(...validate(`${base}/headers/${pointer(name)}/schema`, value).map((p) => `header ${name}: ${p}`));
    }
    return problems;
  };
}
