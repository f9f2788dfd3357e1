/**
 * Serves one remote's built versions on its own, as its own deployable: `REMOTE=remote-create npx tsx
 * services/gateway/src/serve-remote.ts`. Files are under /remotes/<remote>/<version>/, readable from any
 * origin (the shell loads them cross-origin). REMOTE_DIR is the folder its versions are published in (one
 * folder per version; default <remote>/dist of this checkout): `npm run deploy:remote -- <remote>
 * --publish-dir <it>` adds a version there while this server runs.
 */
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { loadRemoteServerSettings } from './env.js';

async function main(): Promise<void> {
  const { remote, root, port, host } = loadRemoteServerSettings(process.env);
  const app = Fastify({ logger: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `/remotes/${remote}/`,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('access-control-allow-origin', '*');
      reply.header('cache-control', /(mf-manifest\.json|remoteEntry\.js|\.html)$/.test(filePath) ? 'no-cache' : 'public, max-age=31536000, immutable');
    },
  });
  app.get('/healthz', async () => ({ ok: true }));
  await app.listen({ port, host });
}

main().catch((error: unknown) => {
  console.error('[remote] failed to start:', error);
  process.exit(1);
});
