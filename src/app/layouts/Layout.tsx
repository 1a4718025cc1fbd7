import type { ReactNode } from 'react';
import type { LayoutName } from '../route-types';
import { DefaultLayout } from './DefaultLayout';
import { PanelLayout } from './PanelLayout';

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
    <PanelLayout banner={banner}>{children}</PanelLayout>
  ) : (
    <DefaultLayout banner={banner}>{children}</DefaultLayout>
  );
}
