/**
 * What AccountHost wires for login: the frame-message listener, a redirect login coming back, the cookie
 * check made ahead of time, 'account:login-required' on the bus, and the early-login A/B variant.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { AccountRuntime } from '../../app/runtime';
import { fetchAbPlan } from '../api/oauth';
import { checkCookieSupport } from '../lib/cookie-check';
import { rememberLandingPage } from '../lib/login-controller';

const EARLY_LOGIN_TEST = 'login_test_undefined';
const EARLY_LOGIN_VARIANT = 2;
/** clicks inside these never open the early login: the Login button and the consent box */
const EARLY_LOGIN_EXEMPT = '[data-login-button], [data-consent-box]';

export function useLoginHost(runtime: AccountRuntime): void {
  const { login, shell, ui } = runtime;
  const session = useSnapshot(shell.session.state);
  const isLogin = session.flags.isLogin;

  useEffect(() => {
    rememberLandingPage();
    window.addEventListener('message', login.handleMessage);
    const off = shell.bus.on('account:login-required', ({ dialogType }) => void login.open(dialogType ?? 'login', 'login-required'));
    // a Login click on the shell's placeholder button before this remote loaded reaches the listener above:
    // the bus keeps requests made while nobody listens
    void login.resumeRedirect();
    return () => {
      window.removeEventListener('message', login.handleMessage);
      off();
      login.dispose();
    };
  }, [login, shell]);

  // know the cookie support before the user clicks Login
  useEffect(() => {
    if (isLogin) return;
    void checkCookieSupport(shell.config);
  }, [isLogin, shell]);

  useEffect(() => {
    if (isLogin) return undefined;
    let cancelled = false;
    void fetchAbPlan(shell.api, EARLY_LOGIN_TEST).then((plan) => {
      if (!cancelled) ui.earlyLoginPlan = plan;
    });
    return () => {
      cancelled = true;
    };
  }, [isLogin, shell, ui]);

  const plan = useSnapshot(ui).earlyLoginPlan;
  useEffect(() => {
    if (isLogin || plan !== EARLY_LOGIN_VARIANT) return undefined;
    const onClick = (event: MouseEvent) => {
      if (shell.session.state.flags.isLogin || login.state.open) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(EARLY_LOGIN_EXEMPT)) return;
      // our own dialogs and panels (check-in, feedback) are not "the page"
      if (target?.closest('[role="dialog"]')) return;
      void login.open('login', 'early-login');
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [isLogin, plan, login, shell]);
}
