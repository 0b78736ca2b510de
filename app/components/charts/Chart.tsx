import { useId, type ReactNode } from "react";
import type {
  BarChart,
  BarListChart,
  ChartGeometry,
  LineChart,
  MarkerShape,
  PatternKind,
  SeriesLook,
} from "./geometry";

// A server-computed chart (R127): one image to a screen reader, the figures being in the table below. Series differ
// by colour and by dash and marker or pattern, the same in the legend.

const patternId = (base: string, key: string) => `${base}-${key.replace(/[^A-Za-z0-9_-]/g, "_")}`;

function PatternDefs({ base, series }: { base: string; series: SeriesLook[] }) {
  return (
    <defs>
      {series.map((look) => (
        <pattern key={look.key} id={patternId(base, look.key)} width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill={look.pattern === "solid" ? look.color : "#ffffff"} />
          <PatternMarks kind={look.pattern} color={look.color} />
        </pattern>
      ))}
    </defs>
  );
}

function PatternMarks({ kind, color }: { kind: PatternKind; color: string }) {
  const stroke = { stroke: color, strokeWidth: 2 };
  switch (kind) {
    case "diagonal":
      return <path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" {...stroke} />;
    case "dots":
      return (
        <>
          <rect width="6" height="6" fill={color} opacity="0.25" />
          <circle cx="3" cy="3" r="1.8" fill={color} />
        </>
      );
    case "horizontal":
      return <path d="M0,3 h6" {...stroke} />;
    case "crosshatch":
      return <path d="M0,0 l6,6 M6,0 l-6,6" {...stroke} strokeWidth={1.5} />;
    case "vertical":
      return <path d="M3,0 v6" {...stroke} />;
    case "grid":
      return <path d="M0,0.5 h6 M0.5,0 v6" {...stroke} />;
    default:
      return null;
  }
}

function Marker({ shape, x, y, color }: { shape: MarkerShape; x: number; y: number; color: string }) {
  const common = { fill: color, stroke: color };
  switch (shape) {
    case "square":
      return <rect x={x - 3} y={y - 3} width="6" height="6" {...common} />;
    case "triangle":
      return <path d={`M${x},${y - 4} L${x + 4},${y + 3} L${x - 4},${y + 3} Z`} {...common} />;
    case "diamond":
      return <path d={`M${x},${y - 4} L${x + 4},${y} L${x},${y + 4} L${x - 4},${y} Z`} {...common} />;
    case "cross":
      return (
        <path
          d={`M${x - 3},${y - 3} L${x + 3},${y + 3} M${x + 3},${y - 3} L${x - 3},${y + 3}`}
          stroke={color}
          strokeWidth="2"
        />
      );
    case "plus":
      return <path d={`M${x - 4},${y} H${x + 4} M${x},${y - 4} V${y + 4}`} stroke={color} strokeWidth="2" />;
    case "bar":
      return <rect x={x - 1.5} y={y - 4} width="3" height="8" {...common} />;
    default:
      return <circle cx={x} cy={y} r="3" {...common} />;
  }
}

function Axes({ chart }: { chart: LineChart | BarChart }) {
  const { plot } = chart;
  return (
    <g className="chart__axes" fontSize="12" fill="#1b1b1b">
      {chart.yTicks.map((tick) => (
        <g key={`y${tick.at}`}>
          <line x1={plot.left} x2={plot.right} y1={tick.at} y2={tick.at} stroke="#dfe1e2" />
          <text x={plot.left - 4} y={tick.at} dy="0.32em" textAnchor="end">
            {tick.label}
          </text>
        </g>
      ))}
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="#565c65" />
      {chart.xTicks.map((tick) => (
        <g key={`x${tick.at}`}>
          <line x1={tick.at} x2={tick.at} y1={plot.bottom} y2={plot.bottom + 4} stroke="#565c65" />
          <text x={tick.at} y={plot.bottom + 16} textAnchor="middle">
            {tick.label}
          </text>
        </g>
      ))}
    </g>
  );
}

function Legend({ base, chart }: { base: string; chart: LineChart | BarChart }) {
  if (chart.series.length < 2) return null;
  return (
    <ul className="chart__legend" aria-hidden="true">
      {chart.series.map((look) => (
        <li key={look.key}>
          <svg width="28" height="14" viewBox="0 0 28 14" focusable="false">
            {chart.kind === "lines" ? (
              <>
                <line
                  x1="1"
                  x2="27"
                  y1="7"
                  y2="7"
                  stroke={look.color}
                  strokeWidth="2"
                  strokeDasharray={look.dash || undefined}
                />
                <Marker shape={look.marker} x={14} y={7} color={look.color} />
              </>
            ) : (
              <rect
                x="1"
                y="1"
                width="26"
                height="12"
                fill={`url(#${patternId(base, look.key)})`}
                stroke={look.color}
              />
            )}
          </svg>
          {look.label}
        </li>
      ))}
    </ul>
  );
}

function Svg({ chart, base, children }: { chart: ChartGeometry; base: string; children: ReactNode }) {
  return (
    <svg
      className={`chart__svg chart__svg--${chart.kind}`}
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      role="img"
      aria-labelledby={`${base}-title ${base}-desc`}
      focusable="false"
      fontFamily="inherit"
    >
      <title id={`${base}-title`}>{chart.title}</title>
      <desc id={`${base}-desc`}>{chart.description}</desc>
      {children}
    </svg>
  );
}

function Lines({ chart, base }: { chart: LineChart; base: string }) {
  const look = new Map(chart.series.map((series) => [series.key, series]));
  return (
    <Svg chart={chart} base={base}>
      <Axes chart={chart} />
      {chart.lines.map((one) => {
        const series = look.get(one.key)!;
        return (
          <g key={one.key}>
            <path
              d={one.path}
              fill="none"
              stroke={series.color}
              strokeWidth="2"
              strokeDasharray={series.dash || undefined}
            />
            {one.points.map((point, index) => (
              <Marker key={index} shape={series.marker} x={point.x} y={point.y} color={series.color} />
            ))}
          </g>
        );
      })}
    </Svg>
  );
}

function Bars({ chart, base }: { chart: BarChart; base: string }) {
  const look = new Map(chart.series.map((series) => [series.key, series]));
  return (
    <Svg chart={chart} base={base}>
      <PatternDefs base={base} series={chart.series} />
      <Axes chart={chart} />
      {chart.bars.map((bar, index) => (
        <g key={index}>
          {bar.segments.map((segment) => (
            <rect
              key={segment.key}
              x={bar.x}
              y={segment.y}
              width={bar.width}
              height={segment.height}
              fill={`url(#${patternId(base, segment.key)})`}
              stroke={look.get(segment.key)!.color}
              strokeWidth={bar.width > 3 ? 1 : 0}
            />
          ))}
        </g>
      ))}
    </Svg>
  );
}

function BarList({ chart, base }: { chart: BarListChart; base: string }) {
  return (
    <Svg chart={chart} base={base}>
      {chart.rows.map((row) => (
        <g key={row.y} transform={`translate(0 ${row.y})`} fontSize="12" fill="#1b1b1b">
          <text y="0">
            {row.lines.map((line, index) => (
              <tspan key={index} x="0" dy={index === 0 ? chart.lineHeight - 3 : chart.lineHeight}>
                {line}
              </tspan>
            ))}
          </text>
          <rect x="0" y={row.barY} width={row.barWidth} height={chart.barHeight} fill="#005ea2" />
          <text x={row.barWidth + 4} y={row.barY} dy={chart.barHeight - 2}>
            {row.value}
          </text>
        </g>
      ))}
    </Svg>
  );
}

/** A chart, and its legend when it has more than one series. */
export function Chart({ chart }: { chart: ChartGeometry }) {
  const base = `chart${useId().replace(/:/g, "")}`;
  if (chart.kind === "barList") return <BarList chart={chart} base={base} />;
  return (
    <>
      <Legend base={base} chart={chart} />
      {chart.kind === "lines" ? <Lines chart={chart} base={base} /> : <Bars chart={chart} base={base} />}
    </>
  );
}
