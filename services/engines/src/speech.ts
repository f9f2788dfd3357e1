/** `@studio/engines/speech`: the eSpeak NG voices, speaking a text to a file and its spoken length. */
export { DEFAULT_VOICE, listVoices, speak, speechSeconds, type SpeakOptions } from './local/audio/speech';
