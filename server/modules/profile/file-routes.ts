import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '@contracts/common';
import { avatarResource, cvResource, userRefParam } from '@contracts/profile';
import { requireAuth } from '../../auth/guard';
import { users } from '../../db/schema';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import type { App } from '../../http/types';
import {
  avatarUrlOf,
  receiveAvatar,
  receiveCv,
  removeFiles,
  sendAvatar,
  sendDownload,
} from './files';
import { presentStoredFile } from './present';
import { requireVisible } from './privacy';
import { loadProfile, saveProfile } from './store';

/** Picture and CV (spec 7.9): multipart uploads, removal, and serving them back. */
export default async function profileFileRoutes(app: App) {
  const { deps } = app;
  const { db } = deps;
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
    async (request) => {
      const { user } = requireAuth(request);
      const { file, publish } = await receiveAvatar(request, deps);
      const previous = await loadProfile(db, user.id);
      const avatarUrl = avatarUrlOf(file);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ avatarUrl, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await saveProfile(tx, user.id, {
          avatar: {
            key: file.key,
            name: file.name,
            size: file.size,
            mime_type: file.mimeType,
            uploaded_at: new Date().toISOString(),
          },
        });
      });
      await publish();
      await removeFiles(deps, [previous?.avatar?.key]);
      return ok({ avatar_url: avatarUrl }, 'profile:messages.avatar_saved');
    },
  );

  app.delete(
    '/user/avatar',
    { schema: { tags, summary: 'Remove my picture', response: { 200: envelope(avatarResource) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const previous = await loadProfile(db, user.id);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ avatarUrl: null, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        if (previous) await saveProfile(tx, user.id, { avatar: null });
      });
      await removeFiles(deps, [previous?.avatar?.key]);
      return ok({ avatar_url: null }, 'profile:messages.avatar_removed');
    },
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
    async (request, reply) => sendAvatar(deps, request.params.file, reply),
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
    async (request) => {
      const { user } = requireAuth(request);
      const { file, publish } = await receiveCv(request, deps);
      const previous = await loadProfile(db, user.id);
      const profile = await saveProfile(db, user.id, {
        cv: {
          key: file.key,
          name: file.name,
          size: file.size,
          mime_type: file.mimeType,
          uploaded_at: new Date().toISOString(),
        },
      });
      await publish();
      await removeFiles(deps, [previous?.cv?.key]);
      return ok({ cv: presentStoredFile(profile.cv) }, 'profile:messages.cv_saved');
    },
  );

  app.delete(
    '/user/cv',
    { schema: { tags, summary: 'Remove my CV', response: { 200: envelope(cvResource) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const previous = await loadProfile(db, user.id);
      if (previous?.cv) await saveProfile(db, user.id, { cv: null });
      await removeFiles(deps, [previous?.cv?.key]);
      return ok({ cv: null }, 'profile:messages.cv_removed');
    },
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
    async (request, reply) => {
      const { user } = requireAuth(request);
      const person = await requireVisible(db, user, request.params.id, 'profile');
      const cv = (await loadProfile(db, person.id))?.cv;
      if (!cv) throw notFound('profile:messages.cv_missing');
      return sendDownload(deps, cv, reply);
    },
  );
}
