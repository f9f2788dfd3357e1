/**
 * A sign-in form's way through: the flow a form post continues (an OAuth request checked again from
 * scratch, or the account center's own login), the checks that open the post, and the code handed over at
 * the end (a redirect, or a page posting it to the frame's host).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FRAME_MESSAGES, type FrameMessage } from 'shared-contracts';
import { formBody } from '../body.js';
import { checkAuthorize, type Flow, readAuthorizeParams, safeGoto, withParams } from '../oauth.js';
import { renderCompletePage } from '../pages/auth-pages.js';
import { type Texts, textsFor } from '../pages/texts.js';
import type { UserRow } from '../store.js';
import type { AccountCore } from './core.js';
import type { RequestOrigins } from './origins.js';
import type { PageReplies } from './page-replies.js';

type Fields = Record<string, string>;

export function signInFlows(
  { cfg, store }: Pick<AccountCore, 'cfg' | 'store'>,
  { formFromOwnPage, clientOrigins }: Pick<RequestOrigins, 'formFromOwnPage' | 'clientOrigins'>,
  { fatalPage, pageContext, sendPage, frameOf }: Pick<PageReplies, 'fatalPage' | 'pageContext' | 'sendPage' | 'frameOf'>,
) {
  /** The flow a form post continues: the account center, or an OAuth request checked again from scratch. */
  const flowFromForm = async (body: Fields): Promise<Flow | null> => {
    if (body.flow === 'center') return { kind: 'center' };
    const params = readAuthorizeParams(body);
    const check = checkAuthorize(params, params.client_id ? await store.getClient(params.client_id) : null);
    if (check.kind !== 'ok') return null;
    return { kind: 'oauth', params: check.params, client: check.client, mode: check.mode, redirectOrigin: check.redirectOrigin };
  };

  /**
   * Opens a sign-in form's post: it must come from the pages themselves (403 otherwise) and continue a flow
   * (400 otherwise); answers its fields, its flow and the texts of its language, or null once it has answered
   * the refusal itself.
   */
  const openForm = async (request: FastifyRequest, reply: FastifyReply): Promise<{ body: Fields; flow: Flow; t: Texts } | null> => {
    const body = formBody(request);
    if (!(await formFromOwnPage(request))) {
      await fatalPage(reply, 403, body.theme, body.lang, textsFor(body.lang).t.formExpired);
      return null;
    }
    const flow = await flowFromForm(body);
    if (!flow) {
      await fatalPage(reply, 400, body.theme, body.lang);
      return null;
    }
    return { body, flow, t: textsFor(body.lang).t };
  };

  /** Issues the code and hands it over: a redirect, or a page posting it to the frame's host. */
  const finishOAuth = async (reply: FastifyReply, flow: Extract<Flow, { kind: 'oauth' }>, user: UserRow, isNew: boolean) => {
    const { params } = flow;
    const code = await store.createCode({
      clientId: flow.client.client_id,
      userId: user.id,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge,
      scope: params.scope || 'profile email',
      nonce: params.nonce,
      isNew,
      ttlMs: cfg.codeTtlMs,
    });
    if (flow.mode === 'redirect') {
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .redirect(withParams(params.redirect_uri, { code, state: params.state, goto: safeGoto(params.goto) }), 302);
    }
    const messages: FrameMessage[] = [];
    if (isNew) messages.push({ type: FRAME_MESSAGES.REGISTER_SUCCESS });
    messages.push({ type: FRAME_MESSAGES.AUTH_CODE, code, state: params.state });
    messages.push({ type: FRAME_MESSAGES.LOGIN_SUCCESS });
    const ctx = pageContext(params.theme, params.lang);
    return sendPage(reply, 200, renderCompletePage(ctx, frameOf(flow), messages), ctx, clientOrigins(flow.client));
  };

  return { flowFromForm, openForm, finishOAuth };
}
