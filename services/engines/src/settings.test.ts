import { readEngineSettings } from './settings';

describe('the engines settings', () => {
  it('reads the engines’ settings, numbers as numbers, an empty one as unset', () => {
    expect(readEngineSettings({ ENGINE_BG_MODEL: 'selfie', COMFYUI_IDLE_TIMEOUT_MS: '5000', SENSITIVE_WORDS_FILE: '' })).toMatchObject({
      ENGINE_BG_MODEL: 'selfie',
      COMFYUI_IDLE_TIMEOUT_MS: 5000,
    });
    expect(readEngineSettings({}).ENGINE_BG_MODEL).toBeUndefined();
  });

  it('refuses a bad setting by its name', () => {
    expect(() => readEngineSettings({ ENGINE_BG_MODEL: 'u2net' })).toThrow('ENGINE_BG_MODEL');
    expect(() => readEngineSettings({ COMFYUI_IDLE_TIMEOUT_MS: 'soon' })).toThrow('COMFYUI_IDLE_TIMEOUT_MS must be integer');
  });
});
