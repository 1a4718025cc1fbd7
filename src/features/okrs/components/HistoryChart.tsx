import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { KeyResultAnswer } from '@contracts/okrs';
import { formatDate } from '@/lib/format';

const useStyles = makeStyles({
  // A figure has the browser's side margins: without this it runs out of its card.
  root: { width: '100%', maxWidth: '560px', margin: 0 },
  svg: { display: 'block', width: '100%', height: 'auto', overflow: 'visible' },
  empty: { color: tokens.colorNeutralForeground3 },
});

const WIDTH = 320;
const HEIGHT = 120;
const PAD = { left: 30, right: 8, top: 8, bottom: 18 };

/**
 * A key result's progress over its check-ins (0 to 100 %), drawn as a small SVG line: no chart
 * library for one line. Screen readers get the same points as words.
 */
export function HistoryChart({ name, history }: { name: string; history: KeyResultAnswer[] }) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (history.length === 0) {
    return (
      <Text size={200} className={styles.empty}>
        {t('okrs:chart.empty')}
      </Text>
    );
  }
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) =>
    PAD.left + (history.length === 1 ? innerW / 2 : (i * innerW) / (history.length - 1));
  const y = (p: number) => PAD.top + innerH - (Math.min(100, Math.max(0, p)) / 100) * innerH;
  const points = history.map((a, i) => `${x(i)},${y(a.progress)}`).join(' ');
  const summary = t('okrs:chart.label', {
    name,
    points: history.map((a) => `${formatDate(a.created_at)}: ${a.progress}%`).join(', '),
  });
  return (
    <figure className={styles.root} data-testid="history-chart" data-points={history.length}>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
      >
        {[0, 50, 100].map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={tokens.colorNeutralStroke2}
              strokeDasharray={tick === 100 ? '4 3' : undefined}
            />
            <text
              x={PAD.left - 4}
              y={y(tick) + 3}
              textAnchor="end"
              fontSize="9"
              fill={tokens.colorNeutralForeground3}
            >
              {tick}%
            </text>
          </g>
        ))}
        <polyline
          points={points}
          fill="none"
          stroke={tokens.colorBrandForeground1}
          strokeWidth={2}
          strokeLinejoin="round"
        />
        {history.map((a, i) => (
          <circle
            key={a.id}
            cx={x(i)}
            cy={y(a.progress)}
            r={3.5}
            fill={tokens.colorNeutralBackground1}
            stroke={tokens.colorBrandForeground1}
            strokeWidth={2}
          />
        ))}
        <text x={PAD.left} y={HEIGHT - 4} fontSize="9" fill={tokens.colorNeutralForeground3}>
          {formatDate(history[0].created_at)}
        </text>
        {history.length > 1 && (
          <text
            x={WIDTH - PAD.right}
            y={HEIGHT - 4}
            textAnchor="end"
            fontSize="9"
            fill={tokens.colorNeutralForeground3}
          >
            {formatDate(history[history.length - 1].created_at)}
          </text>
        )}
      </svg>
    </figure>
  );
}
