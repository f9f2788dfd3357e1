/** @studio/engines: the generation engines behind one interface. */
export * from './types';
export { ALGORITHMS, ALGORITHM_ALIASES, listAlgorithms, isAlgorithm, resolveAlgorithm } from 'shared-contracts/algorithms';
export { validateParams, checkInputs } from './validate';
export type { AlgorithmSpec, InputSpec, ParamSpec, InputKind, AlgorithmCategory as Category } from 'shared-contracts/algorithms';
export { EngineError, EngineAbortedError } from './errors';
export type { EngineUserText } from './errors';
export { EngineRegistry, createEngineRegistry, parseAlgorithmMap } from './registry';
export type { EngineConfig, CreateRegistryOptions } from './registry';
export { LocalEngine } from './local/engine';
export { ComfyUiEngine } from './comfyui/engine';
export type { ComfyServerReport, ComfyUiOptions } from './comfyui/engine';
export { loadWorkflowSet } from './comfyui/workflow';
export type { ComfyWorkflow, WorkflowSet } from './comfyui/workflow';
export { probeMedia } from './media/probe';
export type { ProbedMedia } from './media/probe';
export { listVoices } from './local/audio/speech';
export { checkText } from './local/moderation';
