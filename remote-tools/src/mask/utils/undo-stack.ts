/**
 * The mask editor's history: every finished stroke, fill or clear pushes the mask as it was before, so undo
 * and redo walk back and forth. Bounded (a 2048x2048 mask is 4 MB a step), the oldest step falls off first.
 */
export class UndoStack<T> {
  private past: T[] = [];
  private future: T[] = [];

  constructor(private readonly limit = 30) {}

  /** `before` is the state the change replaced; a new change forgets what was undone. */
  push(before: T): void {
    this.past.push(before);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
  }

  /** answers the state to restore, given the current one (kept for redo); null when there is nothing to undo */
  undo(current: T): T | null {
    const previous = this.past.pop();
    if (previous === undefined) return null;
    this.future.push(current);
    return previous;
  }

  redo(current: T): T | null {
    const next = this.future.pop();
    if (next === undefined) return null;
    this.past.push(current);
    return next;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  clear(): void {
    this.past = [];
    this.future = [];
  }
}
