// The test kit of @platform/platform-contract (`@platform/platform-contract/testing`): the contract
// suite every server of the agent contract passes. Not part of the runtime surface.
export type {
  AgentContractSeed,
  AgentContractTarget,
  McpCodeOfLeavingUser,
  McpCodeRequest,
} from './agent-contract-target';
export { type EventStreamReader, openEventStream } from './event-stream-reader';
export { rawExchange } from './raw-exchange';
export { runAgentContractSuite } from './run-agent-contract-suite';
