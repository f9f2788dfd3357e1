import { proxy } from 'valtio/vanilla';
import type { PreferencesApi, UserPreferences } from 'shared-contracts';
import { storageGetJson, storageSet } from '../api/cookies';

const PREFERENCES_KEY = 'studio_preferences';

const DEFAULT_PREFERENCES: UserPreferences = { theme: 'dark', language: 'en', autoSave: true };

function sanitize(raw: Partial<UserPreferences> | null): UserPreferences {
  return {
    theme: raw?.theme === 'light' || raw?.theme === 'dark' ? raw.theme : DEFAULT_PREFERENCES.theme,
    language: typeof raw?.language === 'string' && /^[a-z]{2}(-[A-Za-z]{2})?$/.test(raw.language) ? raw.language : DEFAULT_PREFERENCES.language,
    autoSave: typeof raw?.autoSave === 'boolean' ? raw.autoSave : DEFAULT_PREFERENCES.autoSave,
  };
}

/** User preferences (theme, language, autoSave) kept in local storage. */
export function createPreferences(): PreferencesApi {
  const state = proxy<UserPreferences>(sanitize(storageGetJson<Partial<UserPreferences>>('local', PREFERENCES_KEY)));
  return {
    state,
    set(key, value) {
      state[key] = value;
      storageSet('local', PREFERENCES_KEY, JSON.stringify({ theme: state.theme, language: state.language, autoSave: state.autoSave }));
    },
  };
}
