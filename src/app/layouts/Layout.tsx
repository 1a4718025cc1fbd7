import { Suspense, useState, type ReactNode } from 'react';
import { loadNamespaces } from '@/lib/i18n';
import { lazyComponent } from '@/lib/lazy-page';
import type { LayoutName } from '../route-types';
import { DefaultLayout } from './DefaultLayout';
import { PanelFrameSkeleton } from './FrameSkeleton';

const loadPanelLayout = () => import('./PanelLayout');

/** Words the signed-in frame says beyond the shell's: its menu's workspaces, the Share action. */
const PANEL_NAMESPACES = ['workspaces', 'share'];

/**
 * The signed-in frame (menu, drawer) loads only for signed-in pages; sign-in stays light. It
 * shows once its words are here too, so its menu never flashes raw keys; until then, its
 * skeleton (which ships with the shell) stands in.
 */
const PanelLayout = lazyComponent(() =>
  Promise.all([loadPanelLayout(), loadNamespaces(PANEL_NAMESPACES)]).then(
    ([module]) => module.PanelLayout,
  ),
);

/**
 * Fluent's focus manager (tabster), held from the first signed-in page on. Without it, a
 * sign-out that takes the frame away with a dialog open (deleting one's account) removes the
 * manager's last user with the dialog: the manager is disposed before the dialog's modal
 * handling gives `aria-hidden` back, and the sign-in page stays hidden from screen readers.
 */
const KeepFocusManager = lazyComponent(() =>
  loadPanelLayout().then((module) => module.KeepFocusManager),
);

export function Layout({
  name,
  banner,
  children,
}: {
  name: LayoutName;
  banner?: ReactNode;
  children: ReactNode;
}) {
  const [framed, setFramed] = useState(name === 'panel');
  if (name === 'panel' && !framed) setFramed(true);
  return (
    <>
      {framed && (
        <Suspense>
          <KeepFocusManager />
        </Suspense>
      )}
      {name === 'panel' ? (
        <Suspense fallback={<PanelFrameSkeleton />}>
          <PanelLayout banner={banner}>{children}</PanelLayout>
        </Suspense>
      ) : (
        <DefaultLayout banner={banner}>{children}</DefaultLayout>
      )}
    </>
  );
}
