import { z } from 'zod';
import { avatarResource, cvResource, userRefParam } from '@contracts/profile';
import { actorOf } from '../../core/workspace-access';
import { operationRoutes } from '../../http/operation-routes';
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
  const route = operationRoutes(app, tags);

  route.post(
    '/user/avatar',
    {
      summary: 'Upload my picture (multipart field avatar: png, jpg, gif or webp, 5 MB)',
      answer: avatarResource,
      message: 'profile:messages.avatar_saved',
    },
    (actor, request) => changeAvatar(deps, actor, () => receiveAvatar(request, deps)),
  );

  route.delete(
    '/user/avatar',
    {
      summary: 'Remove my picture',
      answer: avatarResource,
      message: 'profile:messages.avatar_removed',
    },
    (actor) => removeAvatar(deps, actor),
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

  route.post(
    '/user/cv',
    {
      summary: 'Upload my CV (multipart field file: pdf, doc, docx, odt, rtf or txt, 10 MB)',
      answer: cvResource,
      message: 'profile:messages.cv_saved',
    },
    (actor, request) => changeCv(deps, actor, () => receiveCv(request, deps)),
  );

  route.delete(
    '/user/cv',
    { summary: 'Remove my CV', answer: cvResource, message: 'profile:messages.cv_removed' },
    (actor) => removeCv(deps, actor),
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
