/**
 * `@studio/engines/comfyui`: what the API reads of the ComfyUI side without running it (the bundled workflows,
 * what each can do, the refusal of a setting it cannot honour) and the harness's stand-in graphs.
 */
export { capabilitiesOf, refusalFor, type ComfyCapabilities } from './capabilities';
export type { ComfyServerReport } from './engine';
export { writeStandInFolder } from './stand-in';
export { loadWorkflowSet, type ComfyWorkflow, type WorkflowSet } from './workflow';
export { BUNDLED_WORKFLOWS_DIR, WORKFLOW_ALGORITHMS } from './workflows';
