// Serves this remote on its own: `npm run serve -w <remote> -- [port]` (default 8110). The built version
// folder is served at /<version>/ with CORS, so a shell anywhere can load
// http://localhost:<port>/<version>/mf-manifest.json (the shell's development override points at it).
import { createServer } from 'node:http';
import { readFileSync, statSync, createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { name, version } = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const dist = path.join(here, 'dist');
const port = Number(process.argv[2] ?? process.env.PORT ?? 8110);
const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.html': 'text/html', '.map': 'application/json' };
const UNHASHED = /(?:index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/;

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/') {
    response.writeHead(302, { location: `/${version}/index.html` }).end();
    return;
  }
  const file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
  let stats;
  try {
    stats = file.startsWith(dist) ? statSync(file) : null;
  } catch {
    stats = null;
  }
  if (!stats?.isFile()) {
    response.writeHead(404, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end(`not found: ${url.pathname}`);
    return;
  }
  response.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-length': stats.size,
    'cache-control': UNHASHED.test(file) ? 'no-cache' : 'public, max-age=31536000, immutable',
    'access-control-allow-origin': '*',
  });
  createReadStream(file).pipe(response);
}).listen(port, '127.0.0.1', () => console.log(`${name} ${version}: http://localhost:${port}/${version}/mf-manifest.json`));
