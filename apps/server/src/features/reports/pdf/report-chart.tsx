/** @jsxRuntime automatic */
/** @jsxImportSource react */
// tsx runs the server from the repository root, where no tsconfig sets the JSX transform: these say it.
import { Circle, G, Line, Polyline, Rect, Svg, Text, View } from '@react-pdf/renderer';
import type { ReportChart } from './patient-report-data.js';
import { contentWidth, fontFamily, ink, styles } from './report-styles.js';

const height = 190;
const left = 30;
const right = 8;
const top = 8;
const bottom = 18;

/** The month's readings as lines (react-pdf Svg): BP and heart rate, or weight. */
export function ReportChartSvg({ chart }: { chart: ReportChart }) {
  const plotWidth = contentWidth - left - right;
  const plotHeight = height - top - bottom;
  const x = (at: number) => left + ((at - chart.start) / (chart.end - chart.start)) * plotWidth;
  const y = (value: number) =>
    top +
    plotHeight -
    ((Math.min(Math.max(value, chart.yMin), chart.yMax) - chart.yMin) / (chart.yMax - chart.yMin)) *
      plotHeight;
  const yTicks: number[] = [];
  for (let v = chart.yMin; v <= chart.yMax; v += chart.yStep) yTicks.push(v);

  return (
    <View wrap={false}>
      <Svg width={contentWidth} height={height}>
        {chart.band && (
          <Rect
            x={left}
            y={y(chart.band.to)}
            width={plotWidth}
            height={y(chart.band.from) - y(chart.band.to)}
            fill="#e2f3e5"
          />
        )}
        {yTicks.map((v) => (
          <G key={`y${v}`}>
            <Line x1={left} y1={y(v)} x2={left + plotWidth} y2={y(v)} stroke={ink.rule} strokeWidth={0.5} />
            <Text
              x={left - 4}
              y={y(v) + 2.5}
              textAnchor="end"
              style={{ fontSize: 7, fontFamily }}
              fill={ink.muted}
            >
              {String(v)}
            </Text>
          </G>
        ))}
        {chart.ticks.map((t) => (
          <G key={`x${t.at}`}>
            <Line
              x1={x(t.at)}
              y1={top + plotHeight}
              x2={x(t.at)}
              y2={top + plotHeight + 3}
              stroke={ink.muted}
            />
            <Text
              x={x(t.at)}
              y={height - 6}
              textAnchor="middle"
              style={{ fontSize: 7, fontFamily }}
              fill={ink.muted}
            >
              {t.label}
            </Text>
          </G>
        ))}
        <Line
          x1={left}
          y1={top + plotHeight}
          x2={left + plotWidth}
          y2={top + plotHeight}
          stroke={ink.muted}
        />
        {chart.series.map((s) => (
          <G key={s.name}>
            {s.points.length > 1 && (
              <Polyline
                points={s.points.map((p) => `${x(p.at)},${y(p.value)}`).join(' ')}
                stroke={s.color}
                strokeWidth={1.2}
                fill="none"
                {...(s.dashed ? { strokeDasharray: '3,2' } : {})}
              />
            )}
            {s.points.map((p) => (
              <Circle key={`${s.name}${p.at}`} cx={x(p.at)} cy={y(p.value)} r={1.8} fill={s.color} />
            ))}
          </G>
        ))}
      </Svg>
      <View style={styles.legend}>
        {chart.series.map((s) => (
          <View key={s.name} style={styles.legendItem}>
            <Svg width={14} height={6}>
              <Line
                x1={0}
                y1={3}
                x2={14}
                y2={3}
                stroke={s.color}
                strokeWidth={1.5}
                {...(s.dashed ? { strokeDasharray: '3,2' } : {})}
              />
            </Svg>
            <Text>{s.name}</Text>
          </View>
        ))}
        {chart.band && (
          <View style={styles.legendItem}>
            <View style={{ width: 14, height: 6, backgroundColor: '#e2f3e5' }} />
            <Text>{`Systolic goal ${chart.band.from}-${chart.band.to}`}</Text>
          </View>
        )}
      </View>
    </View>
  );
}
