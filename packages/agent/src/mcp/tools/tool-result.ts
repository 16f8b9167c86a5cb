/** A text block of a tool result. */
export type ToolTextContent = {
  readonly type: 'text';
  readonly text: string;
};

/** A file embedded in a tool result (MCP embedded resource), base64-encoded. */
export type ToolResourceContent = {
  readonly type: 'resource';
  readonly resource: {
    readonly uri: string;
    readonly mimeType: string;
    readonly blob: string;
    readonly _meta?: { readonly filename: string };
  };
};

export type ToolContent = ToolTextContent | ToolResourceContent;

/**
 * What a tool answers, in the shape of an MCP `CallToolResult`: the data as JSON text and as
 * `structuredContent`, or, with `isError`, a message for the model (the call itself succeeded).
 */
// A type, not an interface: the SDK's result type is an open object, which only a type alias
// (with its implicit index signature) is assignable to.
export type ToolResult = {
  readonly content: ToolContent[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
};

/**
 * A result carrying data: `data` as JSON text (for clients without structured content) and as
 * structured content, then `extra` blocks. `isError` flags a failure the tool reports as data
 * (an action's error result).
 */
export function dataResult(
  data: Record<string, unknown>,
  extra: readonly ToolContent[] = [],
  isError = false,
): ToolResult {
  const result: ToolResult = {
    content: [{ type: 'text', text: JSON.stringify(data) }, ...extra],
    structuredContent: data,
  };

  return isError ? { ...result, isError } : result;
}

/** A failed call: the message the model reads, and no structured content (clients validate it when present). */
export function errorResult(message: string): ToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
