/**
 * The algorithm catalogue is the one home of ids, aliases and groups, behind a light entry point: loading
 * it loads no engine (tfjs, sharp, ffmpeg stay out of the API's and the browser's way).
 */
import { AI_TOOLS } from 'shared-contracts/tools';

jest.mock('@tensorflow/tfjs', () => {
  throw new Error('tfjs was loaded through @studio/engines/algorithms');
});
jest.mock('sharp', () => {
  throw new Error('sharp was loaded through @studio/engines/algorithms');
});

describe('@studio/engines/algorithms', () => {
  it('loads without an engine and resolves every AI tool of the contract and every alias', async () => {
    const { ALGORITHM_ALIASES, ALGORITHM_GROUPS, ALGORITHMS, resolveAlgorithm, GENERATIVE_ALGORITHMS } = await import('@studio/engines/algorithms');
    for (const tool of AI_TOOLS) expect([tool.id, resolveAlgorithm(tool.algorithm)]).toEqual([tool.id, tool.algorithm]);
    for (const [alias, id] of Object.entries(ALGORITHM_ALIASES)) expect([alias, resolveAlgorithm(alias)]).toEqual([alias, id]);
    expect(Object.keys(ALGORITHM_GROUPS).sort()).toEqual(Object.keys(ALGORITHMS).sort());
    expect(GENERATIVE_ALGORITHMS.has('text2video')).toBe(true);
    expect(GENERATIVE_ALGORITHMS.has('bg_remover')).toBe(false);
  });
});
