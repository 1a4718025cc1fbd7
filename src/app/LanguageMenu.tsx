import { Menu, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { type ReactElement } from 'react';
import { LanguageItems, useLanguageChoice } from './language-menu';

/**
 * The language menu itself (Fluent Menu and its positioning), loaded by LanguageSwitcher on
 * first use. `trigger` is the switcher's own button; `defaultOpen` when a click asked for it,
 * and `onClosed` tells the switcher when the menu closes.
 */
export function LanguageMenu({
  trigger,
  defaultOpen = false,
  onClosed,
}: {
  trigger: ReactElement;
  defaultOpen?: boolean;
  onClosed?: () => void;
}) {
  const languageChoice = useLanguageChoice();
  return (
    <Menu
      {...languageChoice}
      defaultOpen={defaultOpen}
      onOpenChange={(_event, data) => {
        if (!data.open) onClosed?.();
      }}
    >
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          <LanguageItems />
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
