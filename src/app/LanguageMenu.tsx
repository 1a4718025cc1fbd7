import { Menu, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { type ReactElement } from 'react';
import { LanguageItems, useLanguageChoice } from './LanguageItems';

/**
 * The language menu itself (Fluent Menu and its positioning), loaded by LanguageSwitcher on
 * first use. `trigger` is the switcher's own button; `defaultOpen` when a click asked for it.
 */
export function LanguageMenu({
  trigger,
  defaultOpen = false,
}: {
  trigger: ReactElement;
  defaultOpen?: boolean;
}) {
  const languageChoice = useLanguageChoice();
  return (
    <Menu {...languageChoice} defaultOpen={defaultOpen}>
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          <LanguageItems />
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
