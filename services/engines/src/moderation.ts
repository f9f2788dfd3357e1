/** `@studio/engines/moderation`: the text check a prompt passes before anything is queued. */
export { checkText } from './local/moderation';
