import { Tooltip } from '@fluentui/react-components';
import {
  CrownRegular,
  EyeRegular,
  PersonProhibitedRegular,
  PersonRegular,
  ShieldPersonRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkspaceRoleName } from '@contracts/workspaces';

/** Spec 3: each workspace role has its icon. */
export const ROLE_ICONS: Record<WorkspaceRoleName, ReactElement> = {
  owner: <CrownRegular />,
  admin: <ShieldPersonRegular />,
  member: <PersonRegular />,
  viewer: <EyeRegular />,
  deactive: <PersonProhibitedRegular />,
};

export function RoleIcon({ role }: { role: WorkspaceRoleName }) {
  const { t } = useTranslation();
  return (
    <Tooltip relationship="label" content={t(`workspaces:roles.${role}`)}>
      {/* An image named by the tooltip: a plain span may not carry a label. */}
      <span role="img" data-role={role} style={{ display: 'inline-flex', fontSize: '16px' }}>
        {ROLE_ICONS[role]}
      </span>
    </Tooltip>
  );
}
