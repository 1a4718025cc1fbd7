import { Suspense, useState, type ReactNode } from 'react';
import { usePageLoaded } from '@/lib/loading';
import type { LayoutName } from '../route-types';
import { AppFrame } from './AppFrame';
import { KeepFocusManager } from './frame-parts-loader';

/**
 * Fluent's focus manager (tabster) is held from the first signed-in page on (`KeepFocusManager`).
 * Without it, a sign-out that takes the frame away with a dialog open (deleting one's account)
 * removes the manager's last user with the dialog: the manager is disposed before the dialog's
 * modal handling gives `aria-hidden` back, and the sign-in page stays hidden from screen readers.
 */
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
  const pageLoaded = usePageLoaded();
  return (
    <>
      {framed && pageLoaded && (
        <Suspense>
          <KeepFocusManager />
        </Suspense>
      )}
      <AppFrame panel={name === 'panel'} banner={banner}>
        {children}
      </AppFrame>
    </>
  );
}
