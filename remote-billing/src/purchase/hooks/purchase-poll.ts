/**
 * The purchase poll (spec section 4): after a buy click, every 2 s and at most 450 times, ask whether an
 * order was paid since the click; only while the page is visible (hidden stops it, visible again restarts
 * it). It runs while the purchase is pending, not only while the dialog is open: a member who closes the
 * dialog and pays still sees the purchase land (issue 22). checkNow asks at once (the checkout tab said it
 * is paid, or the tab came back into view). On an order: stop, and hand it to onSuccess once.
 */
import { PURCHASE_POLL_INTERVAL_MS, PURCHASE_POLL_MAX_TRIES, type TradeInfoItem } from 'shared-contracts';

export interface PollDeps {
  /** answers the orders paid in the last `seconds` seconds */
  ask(seconds: number): Promise<{ total: number; list: TradeInfoItem[] }>;
  onSuccess(order: TradeInfoItem | null): void;
  /** the tries are used up without an order */
  onGiveUp?(): void;
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
  private asking = false;

  constructor(
    private readonly deps: PollDeps,
    /** when the purchase started (epoch ms): orders paid since then count */
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

  /** ask now, out of turn (the next regular ask follows 2 s later) */
  checkNow(): void {
    if (this.done || this.asking || !this.deps.isVisible()) return;
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
    void this.tick(true);
  }

  private schedule(): void {
    this.timer = this.deps.setTimer(() => void this.tick(), PURCHASE_POLL_INTERVAL_MS);
  }

  private async tick(outOfTurn = false): Promise<void> {
    this.timer = null;
    if (!this.running && !outOfTurn) return;
    if (!this.deps.isVisible()) {
      this.stop();
      return;
    }
    this.tries += 1;
    this.asking = true;
    const seconds = Math.max(1, Math.ceil((this.deps.now() - this.openedAt) / 1000) + 1);
    try {
      const answer = await this.deps.ask(seconds);
      if (!this.running && !outOfTurn) return;
      if (answer.total > 0 && !this.done) {
        this.done = true;
        this.stop();
        this.deps.onSuccess(answer.list[0] ?? null);
        return;
      }
    } catch (error) {
      console.warn('[purchase] poll failed', error);
    } finally {
      this.asking = false;
    }
    if (!this.running) return;
    if (this.tries >= PURCHASE_POLL_MAX_TRIES) {
      this.stop();
      this.deps.onGiveUp?.();
      return;
    }
    this.schedule();
  }
}
