import { Button } from '@fluentui/react-components';
import { GlobeRegular } from '@fluentui/react-icons';
import { Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { LANGUAGE_NAMES } from './language-names';
import { lazyComponent } from '@/lib/lazy-page';

const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazyComponent(() => loadMenu().then((module) => module.LanguageMenu));
/** Once anyone opened it, the menu's code is here: later headers render it straight away. */
let menuLoaded = false;
/**
 * A click asked for the menu and it has not been closed since. Kept here, not in the switcher's
 * state, because the header may be drawn anew before the menu's code arrives (a first load of
 * the sign-in page), and the new switcher must still open it.
 */
let openAsked = false;

/**
 * The language menu of the header and the sign-in pages. The button shows at once; the menu's
 * code (Fluent Menu, positioning) is fetched when the pointer or focus reaches the button, and
 * a click before it arrives opens the menu as soon as it does. The sign-in page's first load
 * does not carry it.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [, setClicked] = useState(false);
  const prefetch = () => void loadMenu().catch(() => undefined);

  const button = (onClick?: (event: MouseEvent) => void) => (
    <Button
      appearance="subtle"
      icon={<GlobeRegular />}
      aria-label={compact ? `${t('app:language.label')}: ${LANGUAGE_NAMES[language]}` : undefined}
      aria-haspopup="menu"
      onPointerEnter={onClick ? prefetch : undefined}
      onFocus={onClick ? prefetch : undefined}
      onClick={onClick}
    >
      {compact ? undefined : LANGUAGE_NAMES[language]}
    </Button>
  );

  if (!menuLoaded)
    return button(() => {
      menuLoaded = true;
      openAsked = true;
      setClicked(true);
    });
  return (
    <Suspense fallback={button()}>
      <LanguageMenu
        trigger={button()}
        defaultOpen={openAsked}
        onClosed={() => {
          openAsked = false;
        }}
      />
    </Suspense>
  );
}
