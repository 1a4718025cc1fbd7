import { Body1, Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';

import { useTranslation } from 'react-i18next';
import {
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  type BaseTickContentProps,
} from 'recharts';
import type { FactorResult } from '@contracts/profile';
import { fitRadius, wrapLabel } from './radar-labels';
import { useWidth } from '@/lib/use-width';
import { columnList } from '@/lib/styles';

const CHART_HEIGHT = 300;
const LABEL_SIZE = 12;
const LINE_HEIGHT = 14;

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'center',
  },
  chart: { width: '100%', height: `${CHART_HEIGHT}px`, minWidth: 0 },
  list: { ...columnList, gap: tokens.spacingVerticalM },
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

/** How wide each line is drawn in the chart's font. */
function measureLines(element: HTMLElement | null, lines: string[]): number {
  const context = document.createElement('canvas').getContext('2d');
  if (!element || !context) return Math.max(...lines.map((line) => line.length * LABEL_SIZE * 0.6));
  context.font = `${LABEL_SIZE}px ${getComputedStyle(element).fontFamily}`;
  return Math.max(...lines.map((line) => context.measureText(line).width));
}

/** A factor's name on the chart, over as many lines as it needs (see radar-labels.ts). */
function FactorTick({ tick, count }: { tick: BaseTickContentProps; count: number }) {
  const x = Number(tick.x);
  const y = Number(tick.y);
  const lines = wrapLabel(String(tick.payload.value));
  const extra = (lines.length - 1) * LINE_HEIGHT;
  // The first factor is at the top, the others clockwise. Labels above the centre grow
  // upwards, below it downwards, beside it both ways.
  const rise = Math.sin(Math.PI / 2 - (2 * Math.PI * tick.index) / count);
  const first =
    rise > 0.5 ? y - 4 - extra : rise < -0.5 ? y + LABEL_SIZE : y - extra / 2 + LABEL_SIZE * 0.35;
  return (
    <text
      x={x}
      y={first}
      textAnchor={tick.textAnchor}
      fontSize={LABEL_SIZE}
      fill={tokens.colorNeutralForeground2}
    >
      {lines.map((line, index) => (
        <tspan key={index} x={x} dy={index === 0 ? 0 : LINE_HEIGHT}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/**
 * The five factors as a radar of percentiles against the reference sample, with each factor's
 * score, percentile and a plain sentence beside it. The radar shrinks on narrow screens so its
 * labels stay whole.
 */
export function PersonalityResult({ result }: { result: FactorResult[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [chartRef, width] = useWidth<HTMLDivElement>();
  const data = result.map((factor) => ({
    name: t(`personality:factors.${factor.factor}`),
    percentile: factor.percentile,
  }));
  const radius = fitRadius(
    data.map(({ name }) => {
      const lines = wrapLabel(name);
      return { width: measureLines(chartRef.current, lines), height: lines.length * LINE_HEIGHT };
    }),
    { width, height: CHART_HEIGHT },
    { min: 40, max: CHART_HEIGHT * 0.35 },
  );
  return (
    <div className={styles.root}>
      <div
        ref={chartRef}
        className={styles.chart}
        role="img"
        aria-label={t('profile:self_assessment.chart_label')}
        data-testid="personality-chart"
      >
        {width > 0 && (
          <RadarChart width={width} height={CHART_HEIGHT} data={data} outerRadius={radius}>
            <PolarGrid />
            <PolarAngleAxis
              dataKey="name"
              tick={(tick: BaseTickContentProps) => <FactorTick tick={tick} count={data.length} />}
            />
            <PolarRadiusAxis domain={[0, 100]} tickCount={5} angle={90} tick={{ fontSize: 10 }} />
            <Radar
              dataKey="percentile"
              stroke={tokens.colorBrandStroke1}
              fill={tokens.colorBrandBackground}
              fillOpacity={0.35}
              isAnimationActive={false}
            />
          </RadarChart>
        )}
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
