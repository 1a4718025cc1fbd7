import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@contracts/auth';
import { menuOnFirstUse } from '@/components/MenuOnFirstUse';
import { PersonAvatar } from '@/components/PersonAvatar';
import { useIsMobile } from '@/lib/device';

/** The account menu's code (Fluent's menu and positioning) loads when it is first opened. */
const AccountMenu = menuOnFirstUse(() => import('./UserMenu').then((module) => module.UserMenu));

/** The user button of the header: the person's name and picture, opening the account menu. */
export function UserButton({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const name = user.name || user.email;
  return (
    <AccountMenu
      user={user}
      button={
        <Button
          appearance="subtle"
          aria-label={t('app:user_menu.label', { name })}
          icon={<PersonAvatar name={name} image={user.avatar_url} size={28} color="brand" />}
        >
          {isMobile ? undefined : name}
        </Button>
      }
    />
  );
}
