import {
  Button,
  makeStyles,
  TeachingPopover,
  TeachingPopoverBody,
  TeachingPopoverFooter,
  TeachingPopoverHeader,
  TeachingPopoverSurface,
  TeachingPopoverTitle,
  Text,
  tokens,
  type PositioningVirtualElement,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { TourName } from './definitions';
import { TOUR_CARD_MAX_WIDTH, TOUR_CARD_MIN_WIDTH } from './logic';

const useStyles = makeStyles({
  surface: {
    minWidth: `${TOUR_CARD_MIN_WIDTH}px`,
    maxWidth: `min(${TOUR_CARD_MAX_WIDTH}px, calc(100vw - 16px))`,
    width: `${TOUR_CARD_MAX_WIDTH}px`,
    boxSizing: 'border-box',
  },
  count: { color: tokens.colorNeutralForegroundOnBrand },
  footer: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** Where a card with nothing to point at stands: the lower right corner of the window. */
function cornerOfWindow(): PositioningVirtualElement {
  return {
    getBoundingClientRect: () => {
      const x = window.innerWidth - 16;
      const y = window.innerHeight - 16;
      return { x, y, left: x, top: y, right: x, bottom: y, width: 0, height: 0 } as DOMRect;
    },
  };
}

export interface TourCardProps {
  name: TourName;
  stepKey: string;
  step: number;
  count: number;
  target: HTMLElement | null;
  onBack: () => void;
  onNext: () => void;
  onSkip: () => void;
  onClose: () => void;
}

/**
 * The tour card (spec 2.12): Fluent's TeachingPopover, 250 to 320 px wide, next to the element
 * the step is about. It does not hold the page: no focus trap, and clicks beside it go to the
 * page (only Close, Skip or Escape end the tour).
 */
export function TourCard(props: TourCardProps) {
  const { name, stepKey, step, count, target, onBack, onNext, onSkip, onClose } = props;
  const { t } = useTranslation();
  const styles = useStyles();
  const last = step === count - 1;
  const base = name.replace(/-mobile$/, '');
  return (
    <TeachingPopover
      open
      trapFocus={false}
      withArrow={target !== null}
      appearance="brand"
      positioning={{
        target: target ?? cornerOfWindow(),
        position: target ? 'below' : 'above',
        align: target ? 'center' : 'end',
        fallbackPositions: ['above', 'after', 'before'],
      }}
      onOpenChange={(event, data) => {
        if (data.open) return;
        // A click on the page leaves the card where it is; Escape and Close close the tour.
        // The footer's buttons toggle the popover before their own handler runs: Back, Next and
        // Skip act through their handlers only.
        const target = event.target as Element | null;
        if (target?.closest?.('[data-tour-action]')) return;
        if (event.type === 'keydown' || target?.closest?.('[data-tour-card]')) onClose();
      }}
    >
      <TeachingPopoverSurface
        className={styles.surface}
        data-tour-card={name}
        aria-label={t('tours:card_label')}
      >
        <TeachingPopoverHeader dismissButton={{ 'aria-label': t('tours:close') }} icon={null}>
          <span className={styles.count}>{t('tours:step_of', { step: step + 1, count })}</span>
        </TeachingPopoverHeader>
        <TeachingPopoverBody>
          <TeachingPopoverTitle>{t(`tours:${base}.${stepKey}.title`)}</TeachingPopoverTitle>
          <Text as="p">{t(`tours:${base}.${stepKey}.body`)}</Text>
        </TeachingPopoverBody>
        <TeachingPopoverFooter
          primary={{
            children: last ? t('tours:finish') : t('tours:next'),
            onClick: onNext,
            // @ts-expect-error -- a data attribute on the slot, for tests and styles
            'data-tour-action': 'next',
          }}
          secondary={{
            children: step > 0 ? t('tours:back') : t('tours:skip'),
            onClick: () => (step > 0 ? onBack() : onSkip()),
            // @ts-expect-error -- a data attribute on the slot, for tests and styles
            'data-tour-action': step > 0 ? 'back' : 'skip',
          }}
        />
        {step > 0 && (
          <div className={styles.footer}>
            <Button appearance="transparent" size="small" onClick={onSkip} data-tour-action="skip">
              {t('tours:skip')}
            </Button>
          </div>
        )}
      </TeachingPopoverSurface>
    </TeachingPopover>
  );
}
