/**
 * The algorithm catalogue is the one home of ids, aliases, groups and what this server's engine does; every
 * AI tool of the contract runs one of its algorithms, and every alias resolves.
 */
import { ALGORITHM_ALIASES, ALGORITHM_GROUPS, ALGORITHM_IDS, ALGORITHMS, GENERATIVE_ALGORITHMS, localMethod, resolveAlgorithm, type AlgorithmParams } from './algorithms';
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

  it("types each algorithm's params from its settings, so a setting is written once", () => {
    const video: AlgorithmParams['text2video'] = { prompt: 'a fox', ratio: '9:16', motion: 'pan_left', resolution: '720p', audio: true };
    const song: AlgorithmParams['mai_text2song_minimax'] = { lyrics: 'la la la la la', format: 'm4a' };
    const areas: AlgorithmParams['object_remover'] = { regions: [{ x: 1, y: 2, w: 3, h: 4 }] };
    // @ts-expect-error a required setting (prompt) left out
    const noPrompt: AlgorithmParams['text2video'] = { ratio: '16:9' };
    // @ts-expect-error a value outside the setting's enum
    const badScale: AlgorithmParams['image_enhancer'] = { scale: 5 };
    // @ts-expect-error a setting the catalogue does not have
    const unknown: AlgorithmParams['bg_remover'] = { strength: 'high' };
    for (const [id, params] of [['text2video', video], ['mai_text2song_minimax', song], ['object_remover', areas], ['text2video', noPrompt], ['image_enhancer', badScale], ['bg_remover', unknown]] as const) {
      for (const key of Object.keys(params)) expect([id, key, key in ALGORITHMS[id].params]).toEqual([id, key, id !== 'bg_remover']);
    }
  });
});
