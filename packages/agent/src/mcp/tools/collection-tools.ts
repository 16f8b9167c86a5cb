import { associateTool } from './associate-tool';
import { createTool } from './create-tool';
import { deleteTool } from './delete-tool';
import { describeCollectionTool } from './describe-collection-tool';
import { dissociateTool } from './dissociate-tool';
import { executeActionTool } from './execute-action-tool';
import { getActionFormTool } from './get-action-form-tool';
import { listRelatedTool } from './list-related-tool';
import { listTool } from './list-tool';
import type { McpToolName } from './mcp-tool-names';
import type { CollectionTool } from './tool-definition';
import { updateTool } from './update-tool';

/** Every collection tool, by name: what the MCP server and the AI proxy offer. */
export const COLLECTION_TOOLS: Readonly<Record<McpToolName, CollectionTool>> = Object.freeze({
  describeCollection: describeCollectionTool,
  list: listTool,
  listRelated: listRelatedTool,
  create: createTool,
  update: updateTool,
  delete: deleteTool,
  associate: associateTool,
  dissociate: dissociateTool,
  getActionForm: getActionFormTool,
  executeAction: executeActionTool,
});
