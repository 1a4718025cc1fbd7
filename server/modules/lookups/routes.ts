import { z } from 'zod';
import { similarTimezonesQuery, timezoneEntry } from '@contracts/account';
import { envelope } from '@contracts/common';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import type { App } from '../../http/types';
import { isKnownTimezone, listTimezones, similarTimezones } from './timezones';

export default async function lookupRoutes(app: App) {
  const tags = ['lookups'];
  app.get(
    '/timezones',
    {
      config: { public: true },
      schema: {
        tags,
        response: { 200: envelope(z.object({ timezones: z.array(timezoneEntry) })) },
      },
    },
    async () => ok({ timezones: listTimezones() }),
  );

  app.get(
    '/timezones/similar',
    {
      config: { public: true },
      schema: {
        tags,
        querystring: similarTimezonesQuery,
        response: { 200: envelope(z.object({ timezones: z.array(timezoneEntry) })) },
      },
    },
    async (request) => {
      if (!isKnownTimezone(request.query.timezone))
        throw notFound('account:messages.timezone_unknown');
      return ok({ timezones: similarTimezones(request.query.timezone) });
    },
  );
}
