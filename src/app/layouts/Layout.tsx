import { Suspense, type ReactNode } from 'react';
import { lazyComponent } from '../lazy-page';
import type { LayoutName } from '../route-types';
import { DefaultLayout } from './DefaultLayout';

/** The signed-in frame (menu, drawer) loads only for signed-in pages; sign-in stays light. */
const PanelLayout = lazyComponent(() =>
  import('./PanelLayout').then((module) => module.PanelLayout),
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
  return name === 'panel' ? (
    <Suspense>
      <PanelLayout banner={banner}>{children}</PanelLayout>
    </Suspense>
  ) : (
    <DefaultLayout banner={banner}>{children}</DefaultLayout>
  );
}
