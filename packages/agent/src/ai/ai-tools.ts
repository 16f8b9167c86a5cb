import type { ChatCompletionTool } from '@platform/ai-proxy';
import type { DataSource } from '@platform/datasource-toolkit';
import { z } from 'zod';
import { COLLECTION_TOOLS, MCP_TOOL_NAMES, type McpToolName, type ToolContext, type ToolResult } from '../mcp/tools';
import { errorResult } from '../mcp/tools/tool-result';

/** A collection tool as the model sees it: its name, description and JSON Schema arguments. */
export interface AiToolDescription {
  readonly name: McpToolName;
  readonly description: string;
  readonly parameters: Record<string, unknown>;
}

// One JSON Schema per data source and tool: the zod schemas are cached per data source, so are these.
const descriptions = new WeakMap<DataSource, readonly AiToolDescription[]>();

/** The ten collection tools (the MCP server's), described for a model, in `MCP_TOOL_NAMES` order. */
export function describeAiTools(dataSource: DataSource): readonly AiToolDescription[] {
  let described = descriptions.get(dataSource);
  if (described === undefined) {
    described = MCP_TOOL_NAMES.map((name) => {
      const tool = COLLECTION_TOOLS[name];
      const parameters = z.toJSONSchema(tool.inputSchema(dataSource), { unrepresentable: 'any' });
      return { name, description: tool.description, parameters: parameters as Record<string, unknown> };
    });
    descriptions.set(dataSource, described);
  }

  return described;
}

/** The tools of a chat-completions request, for the names given (all ten by default). */
export function toChatCompletionTools(
  dataSource: DataSource,
  names: ReadonlySet<McpToolName> = new Set(MCP_TOOL_NAMES),
): ChatCompletionTool[] {
  return describeAiTools(dataSource)
    .filter((tool) => names.has(tool.name))
    .map(({ name, description, parameters }) => ({ type: 'function', function: { name, description, parameters } }));
}

export function isCollectionToolName(name: string): name is McpToolName {
  return (MCP_TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * Runs one tool call of the model through the shared tool path (permissions, scopes, hooks) as
 * the context's caller. Never rejects: an unknown or disallowed tool and arguments that are not a
 * JSON object are error results the model reads.
 */
export function runAiTool(
  context: ToolContext,
  name: string,
  args: unknown,
  allowed: ReadonlySet<McpToolName> = new Set(MCP_TOOL_NAMES),
): Promise<ToolResult> {
  if (!isCollectionToolName(name) || !allowed.has(name)) {
    const offered = MCP_TOOL_NAMES.filter((tool) => allowed.has(tool)).join(', ') || 'none';
    return Promise.resolve(errorResult(`Unknown tool '${name}'. Tools: ${offered}.`));
  }

  return COLLECTION_TOOLS[name].run(context, args);
}

/** The arguments of a tool call (a JSON text), or an error result when they are not valid JSON. */
export function parseToolArguments(text: string): { readonly args: unknown } | { readonly error: ToolResult } {
  if (text.trim() === '') return { args: {} };
  try {
    return { args: JSON.parse(text) as unknown };
  } catch {
    return { error: errorResult('The arguments are not valid JSON: send a JSON object.') };
  }
}

/** A tool result as the content of a `tool` message: its text blocks; files are named, not sent. */
export function toolMessageContent(result: ToolResult): string {
  const parts = result.content.map((block) =>
    block.type === 'text'
      ? block.text
      : `[file ${block.resource._meta?.filename ?? block.resource.uri} (${block.resource.mimeType}) not sent to the model]`,
  );
  const text = parts.join('\n');

  return result.isError === true ? `Error: ${text}` : text;
}
