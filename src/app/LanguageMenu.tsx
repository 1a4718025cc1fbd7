import {
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  type MenuProps,
} from '@fluentui/react-components';
import { type ReactElement } from 'react';
import { currentLanguage, LANGUAGES, type Language } from '@/lib/i18n';
import { useSwitchLanguage } from './language';
import { LANGUAGE_NAMES } from './language-names';

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
  const switchLanguage = useSwitchLanguage();
  const language = currentLanguage();

  const onChange: MenuProps['onCheckedValueChange'] = (_event, data) => {
    const next = data.checkedItems[0];
    if (next && next !== language) void switchLanguage(next as Language);
  };

  return (
    <Menu
      checkedValues={{ language: [language] }}
      onCheckedValueChange={onChange}
      defaultOpen={defaultOpen}
      onOpenChange={(_event, data) => {
        if (!data.open) onClosed?.();
      }}
    >
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LANGUAGES.map((code) => (
            <MenuItemRadio key={code} name="language" value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
