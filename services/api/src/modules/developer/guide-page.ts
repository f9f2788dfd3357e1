/**
 * GET /developers: the developer guide, a plain server-rendered page (readable without the studio's
 * script, served on the product's origin by this module). Its examples name the origin it was asked on,
 * so the curl lines work as copied against `npm start` (http://localhost:8080) or any deployment.
 */
import type { FastifyInstance } from 'fastify';
import { API_KEY_PREFIX, DEVELOPER_GUIDE_PATH, WEBHOOK_SIGNATURE_HEADER } from 'shared-contracts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function guideHtml(origin: string): string {
  const o = escape(origin);
  const code = (text: string) => `<pre><code>${escape(text)}</code></pre>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Developer API · AI media studio</title>
<meta name="description" content="Build on the studio: personal API keys, the generation and task calls, webhooks with signed deliveries, and per-key usage.">
<style>
  :root { color-scheme: light dark; }
  body { font: 16px/1.6 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; background: Canvas; color: CanvasText; }
  main { max-width: 46rem; margin: 0 auto; padding: 32px 20px 64px; }
  h1 { font-size: 2rem; margin: 0 0 8px; } h2 { margin-top: 2.2em; font-size: 1.3rem; }
  pre { background: rgba(127,127,127,.12); border-radius: 8px; padding: 12px 14px; overflow-x: auto; font-size: 14px; line-height: 1.45; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
  table { border-collapse: collapse; width: 100%; font-size: 15px; } th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid rgba(127,127,127,.3); vertical-align: top; }
  a { color: LinkText; }
</style>
</head>
<body>
<main>
<h1>Developer API</h1>
<p>Everything the studio does in the browser goes through its API; a personal key opens the same calls to your scripts and services.
Calls answer <code>{code, msg, data, trace_id}</code> (code 0 is success). The full reference, generated from the running server, is at
<a href="/v1/docs">/v1/docs</a>.</p>

<h2 id="keys">1. Make a key</h2>
<p>Open the account menu (your avatar), choose <strong>Developer API</strong> and create a key. It starts with <code>${escape(API_KEY_PREFIX)}</code> and is
shown once: copy it then. A key acts as you, with your plan, credits and limits, on the generation, task, upload and library calls only; billing,
account and key management refuse it (403). A revoked or unknown key gets 401. Each key has its own rate limit, and you can set a daily credit cap per key.</p>
${code(`export STUDIO_KEY=${API_KEY_PREFIX}...   # the key you copied`)}

<h2 id="generate">2. Generate an image</h2>
${code(`curl -s -X POST ${origin}/v1/ai/create/text2image \\
  -H "Authorization: Bearer $STUDIO_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"data": {"prompt": "a lighthouse at dusk, oil painting"}, "user_data": {"module": "text-to-image"}}'`)}
<p><code>user_data.module</code> files the task under a studio screen (here Text to Image's Generate List); leave it out and the task is listed only by the API.
The answer's <code>data</code> is the task: keep <code>data.task_id</code>. Its price is <code>GET ${o}/v1/ai/cost/text2image</code>.
Then ask for it until <code>status</code> is <code>success</code>, <code>failure</code> or <code>cancelled</code> (or let a webhook tell you):</p>
${code(`curl -s ${origin}/v1/ai/result/task/TASK_ID -H "Authorization: Bearer $STUDIO_KEY"`)}
<p>A finished task lists its files in <code>data.outputs</code>. Your tasks, made in the studio or with a key, are listed by
<code>POST /v1/ai/task</code> and appear in the studio's Generate List; what a key spent shows under its name in Credit Transitions.</p>

<table>
<thead><tr><th>Calls a key may make</th><th></th></tr></thead>
<tbody>
<tr><td>Generation</td><td><code>POST /v1/ai/create/{algorithm}</code>, <code>GET /v1/ai/cost/{algorithm}</code>, <code>POST /v1/workflow/direct</code>, prompt helpers</td></tr>
<tr><td>Tasks</td><td><code>GET /v1/ai/result/task/{id}</code>, <code>POST /v1/ai/result/batch</code>, <code>POST /v1/ai/task</code>, <code>POST /v1/ai/retry</code>, <code>POST /v1/ai/cancel/{id}</code>, <code>POST /v1/ai/del/{id}</code></td></tr>
<tr><td>Uploads and library files</td><td><code>GET /v1/common/oss/token</code> (then PUT the file to its <code>upload_url</code>), <code>GET /v1/common/oss/sign</code>, <code>GET /v1/common/oss/mediainfo</code></td></tr>
</tbody>
</table>

<h2 id="webhooks">3. Webhooks</h2>
<p>Add an endpoint under <strong>Developer API → Webhooks</strong>. It must be <code>https</code> (a <code>http://localhost</code> receiver is accepted only when the
studio runs in development), and it may not resolve to a private, loopback or link-local address. Its signing secret (<code>whsec_…</code>) is shown once.
When a task ends you get a POST with a JSON body:</p>
${code(`{
  "id": "5d0c…",                 // the delivery id: the same on every retry, deduplicate on it
  "type": "task.succeeded",      // or task.failed, task.cancelled
  "created_at": 1767225600,
  "data": { "task": { "task_id": "…", "algorithm": "text2image", "status": "success", "reason": null,
                      "cost": 1, "module": "", "outputs": ["…/result.png"], "created_at": 1767225590, "finished_at": 1767225600 } }
}`)}
<p>Headers: <code>${escape(WEBHOOK_SIGNATURE_HEADER)}: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>, <code>Studio-Event</code>, <code>Studio-Delivery</code>.
<code>v1</code> is the HMAC-SHA256, keyed with your endpoint's secret, of the timestamp, a dot and the raw body: <code>"\${t}.\${body}"</code>.
Answer any 2xx within 10 seconds; anything else is retried with growing waits, then the delivery is marked failed. Every attempt is listed under the endpoint's
<strong>Deliveries</strong>.</p>
<p>Verify it before you trust it (Node.js, no dependencies):</p>
${code(`import { createHmac, timingSafeEqual } from 'node:crypto';

/** true when the body came from the studio, signed less than 5 minutes ago */
export function verifyStudioSignature(secret, header, rawBody, toleranceSeconds = 300) {
  const parts = Object.fromEntries(String(header).split(',').map((kv) => kv.split('=')));
  const t = Number(parts.t);
  if (!t || !parts.v1 || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// e.g. with node:http: read the raw body first, then
// if (!verifyStudioSignature(process.env.STUDIO_WEBHOOK_SECRET, req.headers['studio-signature'], body)) res.statusCode = 400;`)}
<p>Python:</p>
${code(`import hmac, hashlib, time

def verify_studio_signature(secret: str, header: str, raw_body: bytes, tolerance: int = 300) -> bool:
    parts = dict(p.split("=", 1) for p in header.split(","))
    t = int(parts.get("t", "0"))
    if not t or abs(time.time() - t) > tolerance:
        return False
    expected = hmac.new(secret.encode(), f"{t}.".encode() + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))`)}

<h2 id="usage">4. Usage and limits</h2>
<p><strong>Developer API → Usage</strong> shows what each key spent over the last 30 days. A key's daily cap counts the credits it held or spent since
00:00 UTC; a create past it answers 429 (code 140021) until you raise the cap or the day turns. Too many requests with one key answer 429 with
<code>data.retry_after</code> in seconds.</p>
</main>
</body>
</html>`;
}

export function guideRoute(app: FastifyInstance): void {
  app.get(DEVELOPER_GUIDE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`;
    reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300');
    return guideHtml(origin);
  });
}
