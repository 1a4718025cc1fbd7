import { Body1, Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  ResponsiveContainer,
} from 'recharts';
import type { FactorResult } from '@contracts/profile';

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'center',
  },
  chart: { width: '100%', height: '300px' },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: 0,
  },
  item: {
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  heading: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  bar: {
    height: '6px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground5,
    overflow: 'hidden',
  },
  fill: { height: '100%', backgroundColor: tokens.colorBrandBackground },
});

/**
 * The five factors as a radar of percentiles against the reference sample, with each factor's
 * score, percentile and a plain sentence beside it.
 */
export function PersonalityResult({ result }: { result: FactorResult[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const data = result.map((factor) => ({
    name: t(`personality:factors.${factor.factor}`),
    percentile: factor.percentile,
  }));
  return (
    <div className={styles.root}>
      <div
        className={styles.chart}
        role="img"
        aria-label={t('profile:self_assessment.chart_label')}
        data-testid="personality-chart"
      >
        <ResponsiveContainer width="100%" height="100%">
          <RadarChart data={data} outerRadius="70%">
            <PolarGrid />
            <PolarAngleAxis dataKey="name" tick={{ fontSize: 12 }} />
            <PolarRadiusAxis domain={[0, 100]} tickCount={5} angle={90} tick={{ fontSize: 10 }} />
            <Radar
              dataKey="percentile"
              stroke={tokens.colorBrandStroke1}
              fill={tokens.colorBrandBackground}
              fillOpacity={0.35}
              isAnimationActive={false}
            />
          </RadarChart>
        </ResponsiveContainer>
      </div>
      <ul className={styles.list}>
        {result.map((factor) => (
          <li key={factor.factor} className={styles.item}>
            <div className={styles.heading}>
              <Text weight="semibold">{t(`personality:factors.${factor.factor}`)}</Text>
              <Caption1>
                {t('profile:self_assessment.score', { score: factor.score })} ·{' '}
                {t('personality:percentile', { percentile: factor.percentile })}
              </Caption1>
            </div>
            <div className={styles.bar} aria-hidden>
              <div className={styles.fill} style={{ width: `${factor.percentile}%` }} />
            </div>
            <Body1>{t(`personality:lines.${factor.factor}.${factor.band}`)}</Body1>
          </li>
        ))}
      </ul>
    </div>
  );
}
