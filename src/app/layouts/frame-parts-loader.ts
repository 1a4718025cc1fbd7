import { loadNamespaces } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy-page';

/** Words of the frame's parts: the menu's workspaces, the bell's, the chat count's, support's. */
const FRAME_NAMESPACES = ['workspaces', 'notifications', 'messaging', 'support'];

/** The frame's parts (./frame-parts) with their words, loaded once for all of them. */
const loadFrameParts = () =>
  Promise.all([import('./frame-parts'), loadNamespaces(FRAME_NAMESPACES)]).then(
    ([module]) => module,
  );

export const AppNavigation = lazyComponent(() =>
  loadFrameParts().then((module) => module.AppNavigation),
);
export const HeaderActions = lazyComponent(() =>
  loadFrameParts().then((module) => module.HeaderActions),
);
export const FrameExtras = lazyComponent(() =>
  loadFrameParts().then((module) => module.FrameExtras),
);
export const KeepFocusManager = lazyComponent(() =>
  loadFrameParts().then((module) => module.KeepFocusManager),
);
