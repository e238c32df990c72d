/** The model port: one provider-neutral interface, the tool loop over it, the file tools and the permission gates. */
export {
  ZERO_USAGE,
  type ModelPort,
  type ModelRequest,
  type ModelReply,
  type ModelMessage,
  type ModelUsage,
  type ToolDefinition,
  type ModelTask,
  type MemoryHeader,
} from './port.js';
export type { BatchItemResult, BatchStatus, MessageBatchesPort } from './messageBatches.js';
export { runAgent, type AgentRun, type AgentOptions, type AgentTool, type ToolCallRecord } from './agentLoop.js';
export { editOnlyGate, memoryGate, type PermissionGate, type Permission, type ToolCall } from './permissions.js';
export { consolidationGate, type ConsolidationGateOptions } from './consolidationGate.js';
export { FILE_TOOLS, runFileTool, globToRegExp, ToolInputError } from './fileTools.js';
export { withTaskPrompt, PENDING_TOOL_RESULT } from './backgroundRequest.js';
