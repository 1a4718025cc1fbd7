import type { AppDeps } from '../../../context';
import { appLink } from '../../../core/links';

/** The shareable invite link of a code. */
export const inviteLinkOf = (deps: AppDeps, code: string) => ({
  link: appLink(deps, '/join', { token: code }),
  token: code,
});
