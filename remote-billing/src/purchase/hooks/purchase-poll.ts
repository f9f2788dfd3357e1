/**
 * The purchase poll (spec section 4): after a buy click, every 2 s and at most 450 times, ask whether an
 * order was paid since the dialog opened; only while the dialog is open and the page visible (hidden
 * stops it, visible again restarts it). On an order: stop, and hand it to onSuccess once.
 */
import { PURCHASE_POLL_INTERVAL_MS, PURCHASE_POLL_MAX_TRIES, type TradeInfoItem } from 'shared-contracts';

export interface PollDeps {
  /** answers the orders paid in the last `seconds` seconds */
  ask(seconds: number): Promise<{ total: number; list: TradeInfoItem[] }>;
  onSuccess(order: TradeInfoItem | null): void;
  now(): number;
  isVisible(): boolean;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export class PurchasePoll {
  tries = 0;
  private timer: unknown = null;
  private running = false;
  private done = false;

  constructor(
    private readonly deps: PollDeps,
    /** when the dialog opened (epoch ms) */
    private readonly openedAt: number,
  ) {}

  get active(): boolean {
    return this.running;
  }

  /** a buy click, or the page becoming visible again */
  start(): void {
    if (this.done || this.running || this.tries >= PURCHASE_POLL_MAX_TRIES || !this.deps.isVisible()) return;
    this.running = true;
    this.schedule();
  }

  /** the page hid or the dialog closed */
  stop(): void {
    this.running = false;
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    this.timer = this.deps.setTimer(() => void this.tick(), PURCHASE_POLL_INTERVAL_MS);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (!this.running) return;
    if (!this.deps.isVisible()) {
      this.stop();
      return;
    }
    this.tries += 1;
    const seconds = Math.max(1, Math.ceil((this.deps.now() - this.openedAt) / 1000) + 1);
    try {
      const answer = await this.deps.ask(seconds);
      if (!this.running) return;
      if (answer.total > 0) {
        this.done = true;
        this.stop();
        this.deps.onSuccess(answer.list[0] ?? null);
        return;
      }
    } catch (error) {
      console.warn('[purchase] poll failed', error);
    }
    if (!this.running) return;
    if (this.tries >= PURCHASE_POLL_MAX_TRIES) {
      this.stop();
      return;
    }
    this.schedule();
  }
}
