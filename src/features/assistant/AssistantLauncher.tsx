import { Button } from '@fluentui/react-components';
import { BotSparkleRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '@/lib/i18n';

const AssistantPanel = lazy(() =>
  Promise.all([import('./AssistantPanel'), loadNamespaces(['assistant'])]).then(([m]) => m),
);

/**
 * The workspace header's button that opens the team assistant (spec 2.7), and the panel.
 * The panel's code and words load on the first open.
 */
export function AssistantLauncher({
  workspaceId,
  iconOnly,
  className,
}: {
  workspaceId: number;
  iconOnly?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    void loadNamespaces(['assistant']).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return null;
  return (
    <>
      <Button
        appearance={open ? 'primary' : 'subtle'}
        icon={<BotSparkleRegular />}
        className={className}
        aria-label={iconOnly ? t('assistant:open') : undefined}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        data-testid="assistant-open"
      >
        {iconOnly ? undefined : t('assistant:open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AssistantPanel workspaceId={workspaceId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
