import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { QuestionReport } from '@contracts/assessments';
import { visuallyHidden, column } from '@/lib/styles';

/**
 * Hand-drawn SVG charts (no chart library in the app): a radar of the rating questions and
 * bars of self against others. Each chart has a text title and a table fallback for screen
 * readers; values are shares of each question's scale so mixed scales compare.
 */

const useStyles = makeStyles({
  figure: { margin: 0, ...column, gap: tokens.spacingVerticalXS },
  svg: { width: '100%', maxWidth: '420px', height: 'auto' },
  legend: { display: 'flex', gap: tokens.spacingHorizontalM, fontSize: tokens.fontSizeBase200 },
  key: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  dot: { width: '12px', height: '12px', borderRadius: tokens.borderRadiusSmall },
  srOnly: visuallyHidden,
});

const SELF = tokens.colorPaletteDarkOrangeForeground1;
const OTHERS = tokens.colorBrandForeground1;

const share = (value: number | null, scale: number | null) =>
  value === null || !scale ? null : Math.max(0, Math.min(1, value / scale));

function Legend() {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.legend} aria-hidden>
      <span className={styles.key}>
        <span className={styles.dot} style={{ backgroundColor: SELF }} />
        {t('assessments:report.self')}
      </span>
      <span className={styles.key}>
        <span className={styles.dot} style={{ backgroundColor: OTHERS }} />
        {t('assessments:report.others')}
      </span>
    </div>
  );
}

function DataTableFallback({ questions }: { questions: QuestionReport[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <table className={styles.srOnly}>
      <thead>
        <tr>
          <th>{t('assessments:export.question')}</th>
          <th>{t('assessments:report.self')}</th>
          <th>{t('assessments:report.others')}</th>
        </tr>
      </thead>
      <tbody>
        {questions.map((q) => (
          <tr key={q.question_id}>
            <td>{q.title}</td>
            <td>{q.self ?? '–'}</td>
            <td>{q.others_mean ?? '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const shorten = (text: string, n = 18) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

export function RadarChart({ questions }: { questions: QuestionReport[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const rated = questions.filter((q) => q.kind === 'rating');
  if (rated.length < 3)
    return <BarsChart questions={questions} title={t('assessments:report.radar')} />;
  // Wide enough for the labels left and right of the web.
  const width = 460;
  const height = 320;
  const cx = width / 2;
  const cy = height / 2;
  const c = cx;
  const r = 105;
  const point = (i: number, v: number) => {
    const angle = (Math.PI * 2 * i) / rated.length - Math.PI / 2;
    return [cx + Math.cos(angle) * r * v, cy + Math.sin(angle) * r * v] as const;
  };
  const polygon = (values: (number | null)[]) =>
    values.map((v, i) => point(i, v ?? 0).join(',')).join(' ');
  const self = rated.map((q) => share(q.self, q.scale));
  const others = rated.map((q) => share(q.others_mean, q.scale));
  return (
    <figure className={styles.figure} data-testid="radar-chart">
      <figcaption>{t('assessments:report.radar')}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className={styles.svg}
        role="img"
        aria-label={t('assessments:report.radar')}
      >
        {[0.25, 0.5, 0.75, 1].map((ring) => (
          <polygon
            key={ring}
            points={polygon(rated.map(() => ring))}
            fill="none"
            stroke={tokens.colorNeutralStroke2}
          />
        ))}
        {rated.map((q, i) => {
          const [x, y] = point(i, 1);
          const [lx, ly] = point(i, 1.22);
          return (
            <g key={q.question_id}>
              <line x1={cx} y1={cy} x2={x} y2={y} stroke={tokens.colorNeutralStroke2} />
              <text
                x={lx}
                y={ly}
                fontSize="10"
                textAnchor={Math.abs(lx - c) < 8 ? 'middle' : lx > c ? 'start' : 'end'}
                dominantBaseline="middle"
                fill={tokens.colorNeutralForeground2}
              >
                {shorten(q.title)}
              </text>
            </g>
          );
        })}
        {[
          { values: others, color: OTHERS, fillOpacity: 0.2, dashes: undefined },
          { values: self, color: SELF, fillOpacity: 0.15, dashes: '5 3' },
        ]
          .filter((area) => area.values.some((v) => v !== null))
          .map((area) => (
            <polygon
              key={area.color}
              points={polygon(area.values)}
              fill={area.color}
              fillOpacity={area.fillOpacity}
              stroke={area.color}
              strokeWidth={2}
              strokeDasharray={area.dashes}
            />
          ))}
      </svg>
      <Legend />
      <DataTableFallback questions={rated} />
    </figure>
  );
}

/** One score as a bar on its track (only the track when nobody answered), its number after it. */
function ScoreBar({
  x,
  y,
  length,
  score,
  scale,
  fill,
}: {
  x: number;
  y: number;
  length: number;
  score: number | null;
  scale: number | null;
  fill: string;
}) {
  const reached = share(score, scale);
  return (
    <>
      <rect x={x} y={y} width={length} height={14} fill={tokens.colorNeutralBackground3} />
      {reached !== null && <rect x={x} y={y} width={length * reached} height={14} fill={fill} />}
      <text x={x + length + 4} y={y + 11} fontSize="10" fill={tokens.colorNeutralForeground2}>
        {score ?? '–'}
      </text>
    </>
  );
}

export function BarsChart({ questions, title }: { questions: QuestionReport[]; title?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const rated = questions.filter((q) => q.kind === 'rating');
  const row = 44;
  const width = 400;
  const labelWidth = 140;
  const barMax = width - labelWidth - 40;
  const height = rated.length * row + 8;
  const caption = title ?? t('assessments:report.bars');
  return (
    <figure className={styles.figure} data-testid="bars-chart">
      <figcaption>{caption}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className={styles.svg}
        role="img"
        aria-label={caption}
      >
        {rated.map((q, i) => {
          const y = i * row + 4;
          return (
            <g key={q.question_id}>
              <text x={0} y={y + 18} fontSize="11" fill={tokens.colorNeutralForeground1}>
                {shorten(q.title, 22)}
              </text>
              {[
                { dy: 4, score: q.self, fill: SELF },
                { dy: 22, score: q.others_mean, fill: OTHERS },
              ].map((bar) => (
                <ScoreBar
                  key={bar.fill}
                  x={labelWidth}
                  y={y + bar.dy}
                  length={barMax}
                  score={bar.score}
                  scale={q.scale}
                  fill={bar.fill}
                />
              ))}
            </g>
          );
        })}
      </svg>
      <Legend />
      <DataTableFallback questions={rated} />
    </figure>
  );
}
