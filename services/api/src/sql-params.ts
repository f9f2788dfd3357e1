/**
 * Placeholders for one statement put together from the pieces of several modules (the worker's settle of
 * a run, tasks/settle.ts: the task row, the ledger's commit, the media rows and pg-boss's completion of the
 * job): each piece asks for a placeholder per value, so no piece numbers its parameters by hand.
 */
export type Placeholder = (value: unknown) => string;

export function statementValues(): { values: unknown[]; p: Placeholder } {
  const values: unknown[] = [];
  return {
    values,
    p: (value) => {
      values.push(value);
      return `$${values.length}`;
    },
  };
}
