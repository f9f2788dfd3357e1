import { proxy } from 'valtio';
import type { DialogType, LoginWay } from '../../shared/lib/login-urls';

export interface LoginViewState {
  open: boolean;
  dialogType: DialogType;
  way: LoginWay;
  /** the authorize URL shown in the frame */
  src: string;
  /** until the account page posts its page view */
  loading: boolean;
  /** exchanging the code */
  busy: boolean;
  /** bumps on every open so the frame reloads */
  openCount: number;
}

export function createLoginState(): LoginViewState {
  return proxy<LoginViewState>({ open: false, dialogType: 'login', way: 'iframe', src: '', loading: true, busy: false, openCount: 0 });
}
