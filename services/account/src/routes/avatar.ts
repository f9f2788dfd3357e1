/** POST /center/avatar (an uploaded picture, sniffed by its bytes) and GET /avatar/:id. */
import type { FastifyInstance } from 'fastify';
import { formBody, AVATAR_MAX_BYTES, type MultipartBody, sniffImage } from '../body.js';
import { textsFor } from '../pages/texts.js';
import type { AccountContext } from './context.js';
import { AvatarForm, emptyBody } from './schemas.js';

export async function avatarRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { store, base, renderCenter, centerGuard } = ctx;

  app.post('/center/avatar', { preValidation: emptyBody, schema: { body: AvatarForm } }, async (request, reply) => {
    const body = (request.isMultipart() ? request.body : undefined) as MultipartBody | undefined;
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries(body ?? {})) if (typeof value === 'string') fields[key] = value;
    const user = await centerGuard(request, reply, body ? fields : formBody(request));
    if (!user) return reply;
    const t = textsFor('en').t;
    const upload = body?.avatar;
    const file = Buffer.isBuffer(upload) && upload.length > 0 ? { data: upload } : undefined;
    const refuse = (message: string) =>
      renderCenter(request, reply, user, 400, { kind: 'error', section: 'avatar', message, fields: { avatar: message } });
    if (!file) return refuse(t.avatarMissing);
    if (file.data.length > AVATAR_MAX_BYTES) return refuse(t.avatarTooLarge);
    const mime = sniffImage(file.data);
    if (!mime) return refuse(t.avatarNotImage);
    await store.saveAvatar(user.id, mime, file.data, (id) => `${base}/avatar/${id}`);
    return reply.redirect(`${base}/center?status=avatar-saved`, 303);
  });

  app.get('/avatar/:id', async (request, reply) => {
    const avatar = await store.getAvatar((request.params as { id: string }).id);
    if (!avatar) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type(avatar.mime)
      .header('cache-control', 'public, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(avatar.bytes);
  });
}
