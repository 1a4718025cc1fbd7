import type { TourName } from './definitions';
import { tourEndpoints } from '@contracts/endpoints/tours';
import { api } from '@/lib/http';
import type { SavedTour, TourStates } from './logic';

export const tourKeys = { all: ['core', 'tours'] as const };

export const toursApi = {
  list: async (): Promise<TourStates> => (await api.call(tourEndpoints.list)).tours,
  save: async (name: TourName, state: SavedTour): Promise<TourStates> =>
    (await api.call(tourEndpoints.save, { body: { name, state } }, { hideMessages: true })).tours,
};
