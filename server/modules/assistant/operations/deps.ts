import type { AppDeps } from '../../../context';

/**
 * What the assistant uses of the app: the whole of it, since it calls other areas' operations
 * (teams take the whole app) and reads its model's configuration.
 */
export type AssistantDeps = AppDeps;
