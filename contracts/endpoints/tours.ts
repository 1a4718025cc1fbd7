import type { z } from 'zod';
import { endpoint } from '../endpoint';
import type { saveTourBody, tours } from '../auth';

type ToursResource = z.ZodObject<{ tours: typeof tours }>;

/** Spec 7.13: the signed-in person's tour states (GET and POST core/tours). */
export const tourEndpoints = {
  list: endpoint('GET', 'core/tours').of<{ response: ToursResource }>(),
  save: endpoint('POST', 'core/tours').of<{ body: typeof saveTourBody; response: ToursResource }>(),
};
