import { useTranslation } from 'react-i18next';
import { RouteTabList } from './RouteTabList';

/**
 * The tabs of a page whose sections are its child routes, `/<base>/<tab>`, each tab called by
 * its page's title, `app:titles.<base>_<tab>` (dashes as underscores). The first tab is where
 * `/<base>` itself leads; the list is called by the page's title, `app:titles.<base>`.
 */
export function TitledRouteTabs({
  base,
  tabs,
}: {
  base: string;
  tabs: readonly [string, ...string[]];
}) {
  const { t } = useTranslation();
  return (
    <RouteTabList
      base={base}
      fallback={tabs[0]}
      tabs={tabs.map((tab) => ({
        value: tab,
        label: `app:titles.${base}_${tab.replaceAll('-', '_')}`,
      }))}
      label={t(`app:titles.${base}`)}
    />
  );
}
