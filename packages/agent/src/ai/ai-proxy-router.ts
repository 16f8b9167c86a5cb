import type { AiProvider, ChatCompletionChunk, ChatCompletionRequest } from '@platform/ai-proxy';
import { type Logger, NotFoundError, ValidationError, validationErrorFromZod } from '@platform/datasource-toolkit';
import express, { type Response } from 'express';
import { getAuthenticatedCaller } from '../http/auth/authenticate';
import { limitBodyDepth } from '../http/middlewares/limit-body-depth';
import type { RouteDependencies } from '../http/route-context';
import { getParam } from '../http/routes/get-param';
import { MCP_TOOL_NAMES, type McpToolName, type ToolContext } from '../mcp/tools';
import { createAiErrorHandler } from './ai-error-handler';
import { type AiQueryBody, aiQueryBodySchema, aiToolCallBodySchema, selectedToolNames } from './ai-query-body';
import {
  describeAiTools,
  isCollectionToolName,
  parseToolArguments,
  runAiTool,
  toChatCompletionTools,
} from './ai-tools';
import { completionToChunks } from './completion-chunks';
import { runToolLoop } from './run-tool-loop';

/** Where the AI routes live under the agent's prefix. */
export const AI_PROXY_PATH = '/_internal/ai-proxy';

/** Largest body of an AI route. */
export const AI_BODY_LIMIT = '1mb';

export interface AiProxyDependencies extends RouteDependencies {
  readonly provider: AiProvider;
  readonly logger: Logger;
}

/**
 * The AI proxy's routes (mounted at `AI_PROXY_PATH`, after authentication): `POST /ai-query`,
 * `GET /tools` and `POST /tools/:name`. Every tool runs through the collection tools' shared path
 * as the authenticated caller with `via: 'ai'`, so the model reads only what the caller may read.
 */
export function createAiProxyRouter(deps: AiProxyDependencies): express.Router {
  const router = express.Router();
  router.use(express.json({ limit: AI_BODY_LIMIT }), limitBodyDepth());

  router.get('/tools', (_req, res) => {
    res.json({ data: describeAiTools(deps.getDataSource()) });
  });

  router.post('/tools/:name', async (req, res) => {
    const name = getParam(req, 'name');
    if (!isCollectionToolName(name)) {
      throw new NotFoundError(`Tool '${name}' does not exist. Tools: ${MCP_TOOL_NAMES.join(', ')}.`);
    }
    const body = aiToolCallBodySchema.safeParse(req.body ?? {});
    if (!body.success) throw validationErrorFromZod(body.error, { subject: 'body' });
    const raw = body.data.arguments;
    const parsed = typeof raw === 'string' ? parseToolArguments(raw) : { args: raw ?? {} };
    const result = 'error' in parsed ? parsed.error : await runAiTool(toolContext(deps, res), name, parsed.args);

    res.json(result);
  });

  router.post('/ai-query', async (req, res) => {
    const body = aiQueryBodySchema.safeParse(req.body);
    if (!body.success) throw validationErrorFromZod(body.error, { subject: 'body' });
    const { provider: providerName, stream, tools, ...rest } = body.data;
    if (providerName !== undefined && providerName !== deps.provider.name) {
      throw new NotFoundError(`AI provider '${providerName}' does not exist. Providers: ${deps.provider.name}.`);
    }
    const dataSource = deps.getDataSource();
    const allowed = allowedTools(tools);
    const request: ChatCompletionRequest = {
      ...rest,
      ...(allowed.size > 0 ? { tools: toChatCompletionTools(dataSource, allowed) } : {}),
    };
    const signal = abortOnClose(res);

    if (stream === true && request.tools === undefined) {
      await sendStream(res, deps.provider.stream(request, { signal }));
      return;
    }
    const { completion, toolRuns } = await runToolLoop(deps.provider, request, toolContext(deps, res), allowed, signal);
    if (stream === true) {
      const chunks = completionToChunks(completion, request.stream_options?.include_usage === true);
      await sendStream(res, toAsyncIterable(chunks));
      return;
    }

    res.json({ ...completion, tool_runs: toolRuns });
  });

  router.use(createAiErrorHandler(deps.logger));

  return router;
}

function toolContext(deps: AiProxyDependencies, res: Response): ToolContext {
  const caller = getAuthenticatedCaller(res);

  return {
    dataSource: deps.getDataSource(),
    permissions: deps.permissions,
    caller: { ...caller, via: 'ai' },
    logger: deps.logger,
  };
}

function allowedTools(tools: AiQueryBody['tools']): ReadonlySet<McpToolName> {
  const names = selectedToolNames(tools);
  if (names === undefined) return new Set(MCP_TOOL_NAMES);
  const unknown = names.filter((name) => !isCollectionToolName(name));
  if (unknown.length > 0) {
    throw new ValidationError(
      `Unknown tool(s) ${unknown.join(', ')}: the model may call only the agent's tools (${MCP_TOOL_NAMES.join(', ')}).`,
    );
  }

  return new Set(names.filter(isCollectionToolName));
}

/** Aborts the provider call when the client goes away before the answer is sent. */
function abortOnClose(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });

  return controller.signal;
}

/**
 * Server-sent events in the chat-completions chunk format, ending with `data: [DONE]`. The first
 * chunk is awaited before the headers are sent, so that a provider refusing the call is answered
 * with its status; an error later in the stream cuts the response.
 */
async function sendStream(res: Response, chunks: AsyncIterable<ChatCompletionChunk>): Promise<void> {
  const iterator = chunks[Symbol.asyncIterator]();
  let next = await iterator.next();
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.flushHeaders();
  while (next.done !== true) {
    res.write(`data: ${JSON.stringify(next.value)}\n\n`);
    next = await iterator.next();
  }
  res.end('data: [DONE]\n\n');
}

async function* toAsyncIterable<T>(values: readonly T[]): AsyncIterable<T> {
  yield* values;
}
