import { type DataSource, type Logger, validationErrorFromZod } from '@platform/datasource-toolkit';
import { z } from 'zod';
import { createLogger } from '../../logger/create-logger';
import type { OperationContext } from '../../operations/operation-context';
import type { McpToolName } from './mcp-tool-names';
import { toolErrorResult } from './tool-error';
import { dataResult, errorResult, type ToolContent, type ToolResult } from './tool-result';

/**
 * Who calls a tool, and against what: the operation context of the shared operations (the
 * caller's permissions and scopes apply), and where unexpected errors are logged.
 */
export interface ToolContext extends OperationContext {
  /** Default: lines on stderr, at level Info. */
  readonly logger?: Logger;
}

/** MCP hints about a tool's effects (all default to the most cautious reading). */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  /** False: the tools only touch the agent's own collections. */
  readonly openWorldHint: false;
}

/**
 * A tool over the agent's collections, independent of any protocol: the MCP server registers it
 * (`registerMcpTools`), and the AI proxy offers it to a model, both through `run`.
 */
export interface CollectionTool {
  readonly name: McpToolName;
  readonly title: string;
  readonly description: string;
  readonly annotations: ToolAnnotations;
  /** The arguments, for one data source (collection names are an enum of its collections); built once per data source. */
  inputSchema(dataSource: DataSource): z.ZodObject;
  /** The shape of `structuredContent` in a successful result. */
  readonly outputSchema: z.ZodObject;
  /**
   * Validates `args` and runs the tool for the context's caller. Never rejects: a bad input, a
   * denial, a missing record or a hook's refusal is a result with `isError` and the message.
   */
  run(context: ToolContext, args: unknown): Promise<ToolResult>;
}

/** What a tool's `execute` returns: the structured data, and content blocks to add after its JSON text. */
export interface ToolOutput {
  readonly data: Record<string, unknown>;
  readonly extraContent?: readonly ToolContent[];
  /** The data reports a failure (an action's error result): the result is flagged `isError`. */
  readonly isError?: boolean;
}

/** The definition of a tool: `input` gives the fields of its arguments for a data source. */
export interface ToolDefinition<Shape extends z.ZodRawShape> extends Omit<CollectionTool, 'inputSchema' | 'run'> {
  input(dataSource: DataSource): Shape;
  execute(context: ToolContext, input: z.output<z.ZodObject<Shape, z.core.$strict>>): Promise<ToolOutput>;
}

const defaultLogger = createLogger(undefined, 'Info');

/**
 * A tool from its definition. The input schema (a strict object: unknown keys are refused) is
 * built once per data source and kept as long as the data source lives: MCP servers are built
 * per request, and registering a tool must stay cheap.
 */
export function defineTool<Shape extends z.ZodRawShape>(definition: ToolDefinition<Shape>): CollectionTool {
  const schemas = new WeakMap<DataSource, z.ZodObject<Shape, z.core.$strict>>();
  const inputSchema = (dataSource: DataSource) => {
    let schema = schemas.get(dataSource);
    if (schema === undefined) {
      schema = z.strictObject(definition.input(dataSource));
      schemas.set(dataSource, schema);
    }

    return schema;
  };

  return {
    name: definition.name,
    title: definition.title,
    description: definition.description,
    annotations: definition.annotations,
    outputSchema: definition.outputSchema,
    inputSchema,
    async run(context, args) {
      const parsed = inputSchema(context.dataSource).safeParse(args ?? {});
      if (!parsed.success) {
        const error = validationErrorFromZod(parsed.error, { subject: `arguments of ${definition.name}` });
        return errorResult(`${error.name}: ${error.message}`);
      }
      try {
        const { data, extraContent, isError } = await definition.execute(context, parsed.data);
        return dataResult(data, extraContent, isError);
      } catch (error) {
        return toolErrorResult(error, definition.name, context.logger ?? defaultLogger);
      }
    },
  };
}
