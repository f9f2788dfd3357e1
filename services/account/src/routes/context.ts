/**
 * What the account routes share, built once per mount by plugin.ts and handed to every route plugin
 * (routes/*.ts): the core values (core.ts) and the helpers of each concern, one file each:
 *   origins.ts       who is asking: own, public and client origins; the form, navigation and CORS checks
 *   page-replies.ts  answering with a page: page context, headers, the error page, the sign-in page
 *   session.ts       the service's cookies and signing in
 *   sign-in.ts       a sign-in form's flow, the checks that open its post, the code handed over at the end
 *   center-guard.ts  the account center's page and the guard of its forms
 *   clients.ts       the OAuth back channel: client authentication, errors, the profile
 */
import { centerPages } from './center-guard.js';
import { clientAnswers } from './clients.js';
import type { AccountCore } from './core.js';
import { requestOrigins } from './origins.js';
import { pageReplies } from './page-replies.js';
import { accountSession } from './session.js';
import { signInFlows } from './sign-in.js';

export function createAccountContext(core: AccountCore) {
  const origins = requestOrigins(core);
  const pages = pageReplies(core, origins);
  const session = accountSession(core);
  return {
    ...core,
    ...origins,
    ...pages,
    ...session,
    ...signInFlows(core, origins, pages),
    ...centerPages(core, session, origins, pages),
    ...clientAnswers(core),
  };
}

export type AccountContext = ReturnType<typeof createAccountContext>;
