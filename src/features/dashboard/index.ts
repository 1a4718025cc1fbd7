import { lazy } from 'react';
import { loadNamespaces } from '@/lib/i18n';

/** What other features may use of the dashboards: the workspace figures, loaded when shown. */
export const WorkspaceFigures = lazy(async () => {
  const [module] = await Promise.all([import('./WorkspaceFigures'), loadNamespaces(['dashboard'])]);
  return module;
});
