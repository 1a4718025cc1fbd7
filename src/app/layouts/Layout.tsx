import { Suspense, useState, type ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-page';
import type { LayoutName } from '../route-types';
import { DefaultLayout } from './DefaultLayout';

const loadPanelLayout = () => import('./PanelLayout');

/** The signed-in frame (menu, drawer) loads only for signed-in pages; sign-in stays light. */
const PanelLayout = lazyComponent(() => loadPanelLayout().then((module) => module.PanelLayout));

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
        <Suspense>
          <PanelLayout banner={banner}>{children}</PanelLayout>
        </Suspense>
      ) : (
        <DefaultLayout banner={banner}>{children}</DefaultLayout>
      )}
    </>
  );
}
