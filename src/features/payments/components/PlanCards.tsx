import { Badge, Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { usePlanName } from '../hooks';
import { PLAN_CODES, PLAN_FEATURES } from '@contracts/billing';
import { formatFileSize } from '@/lib/file-size';
import type { PlanCode, PricingRule } from '../api';
import { formatMoney } from '../money';
import { BusyButton } from '@/components/BusyButton';
import { columnList, visuallyHidden, wrappingRow } from '@/lib/styles';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  plan: {
    padding: tokens.spacingHorizontalL,
    gap: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  current: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
  },
  head: {
    ...wrappingRow,
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    '& > h3': { margin: 0 },
  },
  price: { margin: 0 },
  list: { ...columnList, gap: tokens.spacingVerticalXS },
  item: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'flex-start' },
  yes: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0, marginTop: '2px' },
  no: { color: tokens.colorNeutralForeground4, flexShrink: 0, marginTop: '2px' },
  missing: { color: tokens.colorNeutralForeground3 },
  footer: { marginTop: 'auto', paddingTop: tokens.spacingVerticalS },
  srOnly: visuallyHidden,
});

const rank = (plan: PlanCode) => PLAN_CODES.indexOf(plan);

export interface PlanCardsProps {
  plans: PricingRule[];
  current: PlanCode;
  /** Upgrade buttons show only for someone who may manage the workspace's billing. */
  canManage: boolean;
  /** Payments can be taken (a processor is configured). */
  canPay: boolean;
  /** The plan whose upgrade is being asked for. */
  upgrading?: PlanCode;
  onUpgrade: (plan: Exclude<PlanCode, 'free'>) => void;
}

/** The plans side by side: price, limits, features, and an upgrade to each higher one. */
export function PlanCards({
  plans,
  current,
  canManage,
  canPay,
  upgrading,
  onUpgrade,
}: PlanCardsProps) {
  const styles = useStyles();
  const { t } = useTranslation();
  const planName = usePlanName();
  return (
    <div className={styles.grid} data-testid="billing-plans">
      {plans.map((plan) => {
        const isCurrent = plan.payment_type === current;
        const higher = rank(plan.payment_type) > rank(current);
        return (
          <Card
            key={plan.id}
            className={mergeClasses(styles.plan, isCurrent && styles.current)}
            role="group"
            aria-labelledby={`plan-${plan.payment_type}`}
            data-testid={`billing-plan-${plan.payment_type}`}
          >
            <div className={styles.head}>
              <Text as="h3" id={`plan-${plan.payment_type}`} size={400} weight="semibold">
                {planName(plan.payment_type)}
              </Text>
              {isCurrent && (
                <Badge appearance="filled" color="brand">
                  {t('billing:settings.plans.current')}
                </Badge>
              )}
            </div>
            <Text as="p" size={500} weight="semibold" className={styles.price}>
              {t('billing:settings.plans.per_month', {
                price: formatMoney(plan.price, plan.currency),
              })}
            </Text>
            <ul className={styles.list}>
              <li className={styles.item}>
                <CheckmarkRegular className={styles.yes} aria-hidden />
                <span>
                  {t('billing:settings.plans.members', {
                    count: plan.limits.members_per_workspace,
                  })}
                </span>
              </li>
              <li className={styles.item}>
                <CheckmarkRegular className={styles.yes} aria-hidden />
                <span>
                  {t('billing:settings.plans.drive', {
                    size: formatFileSize(plan.limits.drive_capacity_mb * 1024 * 1024),
                  })}
                </span>
              </li>
              {PLAN_FEATURES.map((feature) => {
                const included = plan.limits.features[feature];
                return (
                  <li
                    key={feature}
                    className={mergeClasses(styles.item, !included && styles.missing)}
                  >
                    {included ? (
                      <CheckmarkRegular className={styles.yes} aria-hidden />
                    ) : (
                      <DismissRegular className={styles.no} aria-hidden />
                    )}
                    <span>
                      {t(`billing:settings.features.${feature}`)}
                      <span className={styles.srOnly}>
                        {' '}
                        {t(
                          included
                            ? 'billing:settings.plans.included'
                            : 'billing:settings.plans.not_included',
                        )}
                      </span>
                    </span>
                  </li>
                );
              })}
            </ul>
            {higher && canManage && plan.payment_type !== 'free' && (
              <div className={styles.footer}>
                <BusyButton
                  busy={upgrading === plan.payment_type}
                  appearance="primary"
                  disabled={!canPay || upgrading !== undefined}
                  onClick={() => onUpgrade(plan.payment_type as Exclude<PlanCode, 'free'>)}
                >
                  {t('billing:settings.plans.upgrade', { plan: planName(plan.payment_type) })}
                </BusyButton>
              </div>
            )}
          </Card>
        );
      })}
    </div>
  );
}
