import {
  Menu,
  MenuList,
  MenuPopover,
  MenuTrigger,
  type MenuPopoverProps,
  type MenuProps,
} from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';

/** A button that opens a list of actions: the button as `trigger`, the `MenuItem`s as children. */
export function ButtonMenu({
  trigger,
  positioning,
  onPopoverClick,
  children,
}: {
  trigger: ReactElement;
  positioning?: MenuProps['positioning'];
  /** E.g. to keep a click on an item from reaching the row or card the menu stands in. */
  onPopoverClick?: MenuPopoverProps['onClick'];
  children: ReactNode;
}) {
  return (
    <Menu positioning={positioning}>
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover onClick={onPopoverClick}>
        <MenuList>{children}</MenuList>
      </MenuPopover>
    </Menu>
  );
}
