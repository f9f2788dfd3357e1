/** Bus events, namespaced `<owner>:<event>`, each with its payload. */
import type { BuyTab, User } from './entities.js';

export interface BusEvents {
  /** anyone asks the user to sign in; remote-account opens the login dialog */
  'account:login-required': { reason: string; dialogType?: 'login' | 'register' };
  /** remote-account finished a login */
  'account:logged-in': { user: User };
  /** the account panel asks for the credit transactions dialog */
  'account:open-transactions': Record<string, never>;
  /** the account panel asks for the billing dialog (plans, cancel and resume, history and receipts) */
  'account:open-billing': Record<string, never>;
  /** open the check-in panel (the gift button) */
  'account:open-checkin': { forced?: boolean };
  /** open the feedback modal */
  'account:open-feedback': Record<string, never>;
  /** anyone asks for the purchase dialog; remote-billing opens it */
  'billing:open': { tab?: BuyTab; smart?: boolean; reason?: string; data?: Record<string, unknown> };
  /** a purchase landed */
  'billing:purchased': { orderId: string };
  /** the user info was cleared (logout, 401, 140013) */
  'session:cleared': { reason: 'logout' | 'unauthorized' | 'session-invalid' | 'uid-mismatch' };
  /** the user record changed (login, refresh) */
  'session:user-changed': { user: User | null };
  /** the credit balance changed; the header shows it live */
  'credits:changed': { credits: number };
  /** arrival from the check-in e-mail campaign (pactivity=retention_checkin_credit_for_creation) */
  'shell:campaign-arrival': { pactivity: string };
  /** a route change finished */
  'shell:route-changed': { path: string };
  /** injected page content (section 4, page content injection) */
  'shell:content-injected': { path: string; blocks: string[] };
  /** a task changed state (remote-create's Generate List and others listen) */
  'tasks:changed': { taskId: string; status: string };
}

export type BusEventName = keyof BusEvents;

export const BUS_EVENTS: readonly BusEventName[] = [
  'account:login-required',
  'account:logged-in',
  'account:open-transactions',
  'account:open-billing',
  'account:open-checkin',
  'account:open-feedback',
  'billing:open',
  'billing:purchased',
  'session:cleared',
  'session:user-changed',
  'credits:changed',
  'shell:campaign-arrival',
  'shell:route-changed',
  'shell:content-injected',
  'tasks:changed',
];

/**
 * Requests that a remote open something. When one is emitted while nobody listens yet (the remote that
 * answers it is still loading), the bus keeps the latest one and hands it to the first listener, so a
 * click made before a remote arrived is not lost. Other events are notifications and are never replayed.
 */
export const BUS_COMMANDS: readonly BusEventName[] = [
  'account:login-required',
  'account:open-transactions',
  'account:open-billing',
  'account:open-checkin',
  'account:open-feedback',
  'billing:open',
];

/** A kept request older than this is dropped rather than acted on long after the click. */
export const BUS_COMMAND_MAX_AGE_MS = 30_000;

export type BusListener<E extends BusEventName> = (payload: BusEvents[E]) => void;

export interface EventBus {
  emit<E extends BusEventName>(event: E, payload: BusEvents[E]): void;
  /** returns the unsubscribe function */
  on<E extends BusEventName>(event: E, listener: BusListener<E>): () => void;
  /** the last payload emitted for an event, so late subscribers (a remote that loads later) can catch up */
  last<E extends BusEventName>(event: E): BusEvents[E] | undefined;
}

/** A tiny typed bus; the shell creates the one instance every remote receives. */
export function createEventBus(now: () => number = Date.now): EventBus {
  const listeners = new Map<BusEventName, Set<(payload: unknown) => void>>();
  const lastPayload = new Map<BusEventName, unknown>();
  const waitingCommands = new Map<BusEventName, { payload: unknown; at: number }>();
  return {
    emit(event, payload) {
      lastPayload.set(event, payload);
      const current = listeners.get(event);
      if ((!current || current.size === 0) && BUS_COMMANDS.includes(event)) {
        waitingCommands.set(event, { payload, at: now() });
        return;
      }
      for (const listener of [...(current ?? [])]) {
        try {
          listener(payload);
        } catch (error) {
          console.error(`[bus] listener of ${event} failed`, error);
        }
      }
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      const waiting = waitingCommands.get(event);
      if (waiting) {
        waitingCommands.delete(event);
        // after the subscriber has finished subscribing (it may subscribe to more in the same effect)
        if (now() - waiting.at <= BUS_COMMAND_MAX_AGE_MS) queueMicrotask(() => set.has(wrapped) && wrapped(waiting.payload));
      }
      return () => set.delete(wrapped);
    },
    last<E extends BusEventName>(event: E) {
      return lastPayload.get(event) as BusEvents[E] | undefined;
    },
  };
}
