import {
  Badge,
  Button,
  Dropdown,
  Field,
  makeStyles,
  mergeClasses,
  Option,
  Text,
  Toolbar,
  ToolbarButton,
  ToolbarDivider,
  ToolbarRadioButton,
  ToolbarRadioGroup,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  AppsListRegular,
  ArrowSortDownLinesRegular,
  ArrowSortUpLinesRegular,
  BoardRegular,
  ChevronDownRegular,
  ChevronRightRegular,
  FullScreenMaximizeRegular,
  FullScreenMinimizeRegular,
  GridRegular,
  TextBulletListTreeRegular,
} from '@fluentui/react-icons';
import { useEffect, useId, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SECTION_VIEWS, useSectionState, type SectionView } from './use-section-state';
import { column, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  card: {
    ...column,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  fullscreen: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000,
    borderRadius: 0,
    overflow: 'auto',
  },
  titleBar: {
    ...wrappingRow,
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  collapsedBar: { borderBottom: 'none' },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexGrow: 1 },
  filter: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXS },
  sortField: { minWidth: '160px' },
  body: { padding: tokens.spacingHorizontalM },
  // The add button keeps its label on one line; on a phone it moves to a row of its own.
  add: { whiteSpace: 'nowrap', flexShrink: 0 },
  toolbar: { flexWrap: 'wrap' },
});

export interface SortOption {
  value: string;
  label: string;
}

export interface SectionSort {
  options: SortOption[];
  value: string;
  direction: 'asc' | 'desc';
  onChange: (value: string, direction: 'asc' | 'desc') => void;
}

export interface SectionCardProps {
  /** Names the section; the view and collapse state are kept under this name. */
  section: string;
  title: string;
  /** Shown as a badge beside the title. */
  count?: number;
  /** The view switches offered (all four by default). */
  views?: readonly SectionView[];
  defaultView?: SectionView;
  /**
   * The view, when the page sets it too (a saved view applied); the card still remembers each
   * choice and tells `onViewChange`.
   */
  view?: SectionView;
  onViewChange?: (view: SectionView) => void;
  /** The filter: what to sort by and in which direction (spec 2.10). */
  sort?: SectionSort;
  /** Adds the optional add button. */
  onAdd?: () => void;
  addLabel?: string;
  /** Extra buttons in the title bar. */
  actions?: ReactNode;
  /** The content in the chosen view. */
  children: (view: SectionView) => ReactNode;
}

const VIEW_ICONS: Record<SectionView, ReactElement> = {
  grid: <GridRegular />,
  list: <AppsListRegular />,
  tree: <TextBulletListTreeRegular />,
  board: <BoardRegular />,
};

/** The empty choice of the sort dropdown, which spec 5 answers with a message. */
const NO_SORT = '';

/**
 * The shared section card of spec 2.10: a title bar that collapses and goes fullscreen, view
 * switches (grid, list, tree, board), a sort filter with its direction, an optional add
 * button. The chosen view and the collapse state are remembered per section on this device.
 */
export function SectionCard({
  section,
  title,
  count,
  views = SECTION_VIEWS,
  defaultView = views[0],
  view: chosenView,
  onViewChange,
  sort,
  onAdd,
  addLabel,
  actions,
  children,
}: SectionCardProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const remembered = useSectionState(section, views, defaultView);
  const { collapsed, update } = remembered;
  const view = chosenView ?? remembered.view;
  const [fullscreen, setFullscreen] = useState(false);
  const [sortError, setSortError] = useState(false);
  const bodyId = useId();

  useEffect(() => {
    if (!fullscreen) return;
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFullscreen(false);
    };
    window.addEventListener('keydown', leave);
    return () => window.removeEventListener('keydown', leave);
  }, [fullscreen]);

  const chooseSort = (value: string) => {
    // Spec 5: an empty filter is refused with 'please specify filter type'.
    if (!sort || value === NO_SORT) {
      setSortError(true);
      return;
    }
    setSortError(false);
    sort.onChange(value, sort.direction);
  };

  const sortLabel = sort?.options.find((o) => o.value === sort.value)?.label ?? '';
  return (
    <section
      className={mergeClasses(styles.card, fullscreen && styles.fullscreen)}
      aria-label={title}
      data-section={section}
    >
      <div className={mergeClasses(styles.titleBar, collapsed && styles.collapsedBar)}>
        <div className={styles.title}>
          <Button
            appearance="subtle"
            icon={collapsed ? <ChevronRightRegular /> : <ChevronDownRegular />}
            aria-expanded={!collapsed}
            aria-controls={bodyId}
            aria-label={
              collapsed
                ? t('components:section_card.expand')
                : t('components:section_card.collapse')
            }
            onClick={() => update({ collapsed: !collapsed })}
          />
          <Text as="h2" weight="semibold" size={400}>
            {title}
          </Text>
          {count !== undefined && (
            <Badge appearance="tint" shape="rounded">
              {count}
            </Badge>
          )}
        </div>
        {sort && !collapsed && (
          <div className={styles.filter}>
            <Field
              className={styles.sortField}
              validationState={sortError ? 'error' : 'none'}
              validationMessage={sortError ? t('components:please_specify_filter_type') : undefined}
            >
              <Dropdown
                aria-label={t('components:section_card.sort_by')}
                value={sortLabel}
                selectedOptions={[sort.value]}
                onOptionSelect={(_event, data) => chooseSort(data.optionValue ?? NO_SORT)}
              >
                <Option value={NO_SORT} text="—">
                  —
                </Option>
                {sort.options.map((option) => (
                  <Option key={option.value} value={option.value}>
                    {option.label}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Tooltip
              relationship="label"
              content={
                sort.direction === 'asc'
                  ? t('components:section_card.ascending')
                  : t('components:section_card.descending')
              }
            >
              <Button
                appearance="subtle"
                icon={
                  sort.direction === 'asc' ? (
                    <ArrowSortUpLinesRegular />
                  ) : (
                    <ArrowSortDownLinesRegular />
                  )
                }
                onClick={() => sort.onChange(sort.value, sort.direction === 'asc' ? 'desc' : 'asc')}
              />
            </Tooltip>
          </div>
        )}
        <Toolbar
          className={styles.toolbar}
          aria-label={t('components:section_card.toolbar', { title })}
          checkedValues={{ view: [view] }}
          onCheckedValueChange={(_event, data) => {
            const chosen = data.checkedItems[0] as SectionView | undefined;
            if (!chosen) return;
            update({ view: chosen });
            onViewChange?.(chosen);
          }}
        >
          {views.length > 1 && (
            <ToolbarRadioGroup>
              {views.map((option) => (
                <Tooltip
                  key={option}
                  relationship="label"
                  content={t(`components:section_card.views.${option}`)}
                >
                  <ToolbarRadioButton
                    name="view"
                    value={option}
                    appearance="subtle"
                    icon={VIEW_ICONS[option]}
                    data-view={option}
                  />
                </Tooltip>
              ))}
            </ToolbarRadioGroup>
          )}
          {actions}
          <ToolbarDivider />
          <Tooltip
            relationship="label"
            content={
              fullscreen
                ? t('components:section_card.exit_fullscreen')
                : t('components:section_card.fullscreen')
            }
          >
            <ToolbarButton
              icon={fullscreen ? <FullScreenMinimizeRegular /> : <FullScreenMaximizeRegular />}
              onClick={() => setFullscreen(!fullscreen)}
            />
          </Tooltip>
          {onAdd && (
            <ToolbarButton
              appearance="primary"
              icon={<AddRegular />}
              onClick={onAdd}
              className={styles.add}
            >
              {addLabel ?? t('components:section_card.add')}
            </ToolbarButton>
          )}
        </Toolbar>
      </div>
      <div id={bodyId} className={styles.body} hidden={collapsed}>
        {!collapsed && children(view)}
      </div>
    </section>
  );
}
