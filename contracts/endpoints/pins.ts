import { endpoint } from '../endpoint';
import type { pinsQuery, pinsResource, savePinsBody } from '../pins';

export const pinEndpoints = {
  list: endpoint('GET', 'core/pins').of<{
    query: typeof pinsQuery;
    response: typeof pinsResource;
  }>(),
  save: endpoint('POST', 'core/pins').of<{
    body: typeof savePinsBody;
    response: typeof pinsResource;
  }>(),
};
