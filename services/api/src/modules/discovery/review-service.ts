/**
 * The review queue: items hidden after REPORT_HIDE_THRESHOLD reports, with what their reporters said, and
 * an operator's verdict ('cleared' back to the gallery, 'removed' for good), recorded with who and when.
 */
import type { Database } from '@studio/db';
import type { ExploreEntry, ExploreReviewItem, ExploreReviewState, ExploreReviewVerdict, Paginated } from 'shared-contracts';
import { fail } from '../../http.js';
import type { ExploreRow } from './explore-service.js';

const SELECT = `SELECT e.*, u.nickname AS author_nickname, u.firstname AS author_first, u.lastname AS author_last, u.avatar AS author_avatar
  FROM explore_items e JOIN users u ON u.id = e.user_id`;

interface ReportRow {
  explore_id: number;
  reason: string;
  other: string;
  created_at: Date;
}

export function createReviewService(deps: { db: Database; toEntry(row: ExploreRow, caller: string | null): ExploreEntry }) {
  const { db, toEntry } = deps;

  async function withReports(rows: ExploreRow[]): Promise<ExploreReviewItem[]> {
    if (!rows.length) return [];
    const reports = await db.query<ReportRow>('SELECT explore_id, reason, other, created_at FROM explore_reports WHERE explore_id = ANY($1::int[]) ORDER BY created_at', [
      rows.map((row) => row.id),
    ]);
    return rows.map((row) => {
      const own = reports.rows.filter((r) => r.explore_id === row.id);
      const counts = new Map<string, number>();
      for (const r of own) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
      const latest = own.reduce((at, r) => Math.max(at, new Date(r.created_at).getTime()), 0);
      return {
        // the operator sees it as a visitor would (no author figures)
        entry: toEntry(row, null),
        review: row.review as ExploreReviewState,
        reports: own.length,
        reasons: [...counts.entries()].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
        others: own.map((r) => r.other).filter(Boolean),
        reported_at: Math.floor(latest / 1000),
      };
    });
  }

  return {
    /** the items waiting for a verdict, the longest waiting first */
    async queue(page: number, pageSize: number): Promise<Paginated<ExploreReviewItem>> {
      const total = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM explore_items WHERE review = 'pending'");
      const rows = await db.query<ExploreRow>(
        `${SELECT} WHERE e.review = 'pending'
         ORDER BY (SELECT max(r.created_at) FROM explore_reports r WHERE r.explore_id = e.id) ASC NULLS FIRST, e.id LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize],
      );
      return { list: await withReports(rows.rows), paginate: { total: Number(total.rows[0]?.n ?? 0) } };
    },

    /** an operator's verdict on a reported item */
    async decide(operator: string, id: number, verdict: ExploreReviewVerdict): Promise<ExploreReviewItem> {
      const updated = await db.query<{ id: number }>(
        `UPDATE explore_items SET review = $2, reviewed_by = $3, reviewed_at = now()
         WHERE id = $1 AND (review = 'pending' OR reports > 0) RETURNING id`,
        [id, verdict, operator],
      );
      if (!updated.rows.length) throw fail.notFound('No reported explore item with this id');
      const row = await db.query<ExploreRow>(`${SELECT} WHERE e.id = $1`, [id]);
      return (await withReports(row.rows))[0];
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
