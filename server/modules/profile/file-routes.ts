import { z } from 'zod';
import { envelope } from '@contracts/common';
import { avatarResource, cvResource, userRefParam } from '@contracts/profile';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { receiveAvatar, receiveCv, sendAvatar, sendDownload } from './file-http';
import { changeAvatar } from './operations/change-avatar';
import { changeCv } from './operations/change-cv';
import { findAvatar } from './operations/find-avatar';
import { findCv } from './operations/find-cv';
import { removeAvatar } from './operations/remove-avatar';
import { removeCv } from './operations/remove-cv';

/** Picture and CV (spec 7.9): multipart uploads, removal, and serving them back. */
export default async function profileFileRoutes(app: App) {
  const { deps } = app;
  const tags = ['profile'];

  app.post(
    '/user/avatar',
    {
      schema: {
        tags,
        summary: 'Upload my picture (multipart field avatar: png, jpg, gif or webp, 5 MB)',
        response: { 200: envelope(avatarResource) },
      },
    },
    async (request) =>
      ok(
        await changeAvatar(deps, actorOf(request), () => receiveAvatar(request, deps)),
        'profile:messages.avatar_saved',
      ),
  );

  app.delete(
    '/user/avatar',
    { schema: { tags, summary: 'Remove my picture', response: { 200: envelope(avatarResource) } } },
    async (request) =>
      ok(await removeAvatar(deps, actorOf(request)), 'profile:messages.avatar_removed'),
  );

  app.get(
    '/avatars/:file',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A picture of a person or a team',
        params: z.object({ file: z.string().max(60) }),
      },
    },
    async (request, reply) => sendAvatar(deps, await findAvatar(deps, request.params.file), reply),
  );

  app.post(
    '/user/cv',
    {
      schema: {
        tags,
        summary: 'Upload my CV (multipart field file: pdf, doc, docx, odt, rtf or txt, 10 MB)',
        response: { 200: envelope(cvResource) },
      },
    },
    async (request) =>
      ok(
        await changeCv(deps, actorOf(request), () => receiveCv(request, deps)),
        'profile:messages.cv_saved',
      ),
  );

  app.delete(
    '/user/cv',
    { schema: { tags, summary: 'Remove my CV', response: { 200: envelope(cvResource) } } },
    async (request) => ok(await removeCv(deps, actorOf(request)), 'profile:messages.cv_removed'),
  );

  app.get(
    '/user/:id/cv',
    {
      schema: {
        tags,
        summary: "Download a person's CV (needs their view_profile permission)",
        params: userRefParam,
      },
    },
    async (request, reply) =>
      sendDownload(deps, await findCv(deps, actorOf(request), request.params.id), reply),
  );
}
