import { MenuItemRadio, type MenuProps } from '@fluentui/react-components';
import { currentLanguage, LANGUAGES, type Language } from '@/lib/i18n';
import { useSwitchLanguage } from './language';
import { LANGUAGE_NAMES } from './language-names';

/** For a menu with the language items: the shown language is checked, another one switches. */
export function useLanguageChoice(): Pick<MenuProps, 'checkedValues' | 'onCheckedValueChange'> {
  const switchLanguage = useSwitchLanguage();
  const language = currentLanguage();
  return {
    checkedValues: { language: [language] },
    onCheckedValueChange: (_event, data) => {
      const next = data.checkedItems[0];
      if (next && next !== language) void switchLanguage(next as Language);
    },
  };
}

/** One radio item per language, each named in its own language. */
export function LanguageItems() {
  return LANGUAGES.map((code) => (
    <MenuItemRadio key={code} name="language" value={code} lang={code}>
      {LANGUAGE_NAMES[code]}
    </MenuItemRadio>
  ));
}
