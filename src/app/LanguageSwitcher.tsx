import {
  Button,
  Menu,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  type MenuProps,
} from '@fluentui/react-components';
import { GlobeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, type Language } from '@/lib/i18n';
import { LANGUAGE_NAMES, useSwitchLanguage } from './language';

/** The language menu of the header and the sign-in pages. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  const language = currentLanguage();

  const onChange: MenuProps['onCheckedValueChange'] = (_event, data) => {
    const next = data.checkedItems[0];
    if (next && next !== language) void switchLanguage(next as Language);
  };

  return (
    <Menu checkedValues={{ language: [language] }} onCheckedValueChange={onChange}>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<GlobeRegular />}
          aria-label={
            compact ? `${t('app:language.label')}: ${LANGUAGE_NAMES[language]}` : undefined
          }
        >
          {compact ? undefined : LANGUAGE_NAMES[language]}
        </Button>
      </MenuTrigger>
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
