import { MenuItemRadio, type MenuProps } from '@fluentui/react-components';
import { currentLanguage, LANGUAGES, type Language } from '@/lib/i18n';
import { useSwitchLanguage } from './language';
import { LANGUAGE_NAMES } from './language-names';

/** What makes a Menu the language switch: the shown language checked, a pick switching to it. */
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

/** The languages as the choices of that menu, each named in its own words. */
export function LanguageItems() {
  return (
    <>
      {LANGUAGES.map((code) => (
        <MenuItemRadio key={code} name="language" value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </MenuItemRadio>
      ))}
    </>
  );
}
