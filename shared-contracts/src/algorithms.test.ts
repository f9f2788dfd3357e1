/**
 * The algorithm catalogue is the one home of ids, aliases, groups and what this server's engine does; every
 * AI tool of the contract runs one of its algorithms, and every alias resolves.
 */
import { ALGORITHM_ALIASES, ALGORITHM_GROUPS, ALGORITHM_IDS, ALGORITHMS, GENERATIVE_ALGORITHMS, localMethod, resolveAlgorithm } from './algorithms';
import { AI_TOOLS } from './tools';

describe('shared-contracts/algorithms', () => {
  it('resolves every AI tool of the contract and every alias', () => {
    for (const tool of AI_TOOLS) expect([tool.id, resolveAlgorithm(tool.algorithm)]).toEqual([tool.id, tool.algorithm]);
    for (const [alias, id] of Object.entries(ALGORITHM_ALIASES)) expect([alias, resolveAlgorithm(alias)]).toEqual([alias, id]);
    expect(resolveAlgorithm('no_such_algorithm')).toBeNull();
  });

  it('holds one entry and one group per id', () => {
    expect(Object.keys(ALGORITHMS)).toEqual([...ALGORITHM_IDS]);
    expect(Object.keys(ALGORITHM_GROUPS).sort()).toEqual([...ALGORITHM_IDS].sort());
    for (const id of ALGORITHM_IDS) expect(ALGORITHMS[id].id).toBe(id);
    expect(GENERATIVE_ALGORITHMS.has('text2video')).toBe(true);
    expect(GENERATIVE_ALGORITHMS.has('bg_remover')).toBe(false);
  });

  it('says what the local engine does for the tools that charge', () => {
    for (const tool of AI_TOOLS) expect([tool.id, typeof localMethod(tool.algorithm)?.summary]).toEqual([tool.id, 'string']);
    expect(localMethod('bg_remover', { ENGINE_BG_MODEL: 'selfie' })?.model).toBe('MediaPipe selfie');
  });
});
