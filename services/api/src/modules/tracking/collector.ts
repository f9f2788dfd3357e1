/**
 * The collector's store: events into the day-partitioned track_events table, the maintenance that makes
 * the coming days' partitions and drops the days past retention, and the optional forwarding to a
 * third-party collector (an adapter, off unless TRACK_FORWARD_URL is set).
 */
import type { Database, Queryable } from '@studio/db';
import type { TrackProps } from 'shared-contracts';

export interface StoredEvent {
  eventAt: Date;
  event: string;
  route: string;
  uid: string | null;
  wsid: string;
  memberLevel: string;
  credits: number;
  clientId: string;
  country: string;
  traceId: string;
  props: TrackProps;
}

/** Sends stored events to a third-party collector. Failures are the adapter's to log; they never fail a batch. */
interface TrackForwarder {
  forward(events: StoredEvent[]): Promise<void>;
}

export interface CollectorOptions {
  /** days of events kept (default 30) */
  retentionDays: number;
  /** how often the partition maintenance runs, ms (0 = only at start) */
  maintenanceMs: number;
  /** batches per minute one client may send */
  batchesPerMinute: number;
  forwarder: TrackForwarder | null;
  now?: () => Date;
}

/** POSTs `{events}` as JSON to a URL (e.g. a tag-manager server container or a vendor's HTTP API). */
function createHttpForwarder(url: string, options: { fetchImpl?: typeof fetch; timeoutMs?: number; onError?: (error: unknown) => void } = {}): TrackForwarder {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    async forward(events) {
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ events }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
        });
        if (!response.ok) throw new Error(`forwarding answered HTTP ${response.status}`);
      } catch (error) {
        options.onError?.(error);
      }
    },
  };
}

/** The collector's options from the config's tracking section (TRACK_RETENTION_DAYS, TRACK_BATCHES_PER_MINUTE, TRACK_FORWARD_URL). */
export function collectorOptionsFrom(
  section: { retentionDays: number; batchesPerMinute: number; forwardUrl: string },
  onForwardError?: (error: unknown) => void,
): CollectorOptions {
  return {
    retentionDays: section.retentionDays,
    maintenanceMs: 6 * 60 * 60 * 1000,
    batchesPerMinute: section.batchesPerMinute,
    forwarder: section.forwardUrl ? createHttpForwarder(section.forwardUrl, { onError: onForwardError }) : null,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export function partitionName(day: Date): string {
  return `track_events_p${day.toISOString().slice(0, 10).replace(/-/g, '')}`;
}

async function ensurePartition(db: Database, day: Date): Promise<boolean> {
  const name = partitionName(day);
  const exists = await db.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [name]);
  if (exists.rows[0]?.found) return false;
  const from = day.toISOString();
  const to = new Date(day.getTime() + DAY_MS).toISOString();
  // rows of that day already caught by the default partition move in with it (ATTACH refuses otherwise)
  await db.transaction(async (tx: Queryable) => {
    await tx.query(`CREATE TABLE ${name} (LIKE track_events INCLUDING DEFAULTS)`);
    await tx.query(`INSERT INTO ${name} SELECT * FROM track_events_default WHERE received_at >= $1 AND received_at < $2`, [from, to]);
    await tx.query('DELETE FROM track_events_default WHERE received_at >= $1 AND received_at < $2', [from, to]);
    await tx.query(`ALTER TABLE track_events ATTACH PARTITION ${name} FOR VALUES FROM ('${from}') TO ('${to}')`);
  });
  return true;
}

export interface MaintenanceResult {
  created: string[];
  dropped: string[];
}

/** Makes today's and the next two days' partitions; drops the days older than the retention. */
export async function maintainPartitions(db: Database, at: Date, retentionDays: number): Promise<MaintenanceResult> {
  const today = dayStart(at);
  const created: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const day = new Date(today.getTime() + offset * DAY_MS);
    if (await ensurePartition(db, day)) created.push(partitionName(day));
  }
  const cutoff = new Date(today.getTime() - retentionDays * DAY_MS);
  const cutoffName = partitionName(cutoff);
  const parts = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'track_events'::regclass AND c.relname LIKE 'track\\_events\\_p%'`,
  );
  const dropped: string[] = [];
  for (const { name } of parts.rows) {
    // names sort as dates (track_events_pYYYYMMDD); a partition whose day is before the cutoff is past retention
    if (/^track_events_p\d{8}$/.test(name) && name < cutoffName) {
      await db.query(`DROP TABLE ${name}`);
      dropped.push(name);
    }
  }
  await db.query('DELETE FROM track_events_default WHERE received_at < $1', [cutoff.toISOString()]);
  return { created, dropped };
}

export async function storeEvents(db: Queryable, events: StoredEvent[], receivedAt: Date): Promise<void> {
  if (events.length === 0) return;
  // one INSERT from a JSON array: a single round trip whatever the batch size
  await db.query(
    `INSERT INTO track_events (received_at, event_at, event, route, uid, wsid, member_level, credits, client_id, country, trace_id, props)
     SELECT $1, to_timestamp((e->>'ts')::double precision / 1000), e->>'event', e->>'route', NULLIF(e->>'uid', '')::uuid,
            e->>'wsid', e->>'level', (e->>'credits')::int, e->>'client', e->>'country', e->>'trace', e->'props'
     FROM jsonb_array_elements($2::jsonb) AS e`,
    [
      receivedAt.toISOString(),
      JSON.stringify(
        events.map((e) => ({
          ts: e.eventAt.getTime(),
          event: e.event,
          route: e.route,
          uid: e.uid ?? '',
          wsid: e.wsid,
          level: e.memberLevel,
          credits: e.credits,
          client: e.clientId,
          country: e.country,
          trace: e.traceId,
          props: e.props,
        })),
      ),
    ],
  );
}
