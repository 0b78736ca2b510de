import { max } from "d3-array";
import { scaleBand, scaleLinear } from "d3-scale";
import { line, stack } from "d3-shape";
import type {
  BarChart,
  BarListChart,
  LineChart,
  MarkerShape,
  PatternKind,
  SeriesLook,
  Tick,
} from "~/components/charts/geometry";

// The arithmetic of the charts (scales, ticks, paths, stacks) with d3's modules, on the server only
// (R127). The view box is phone-sized, so its text stays readable at 320 px.

const WIDTH = 320;
const HEIGHT = 220;
const PLOT = { left: 40, top: 12, right: WIDTH - 10, bottom: HEIGHT - 28 };

/** Colours at least 3:1 against white (WCAG 1.4.11); series also differ by dash and marker or fill pattern. */
const COLORS = ["#005ea2", "#b50909", "#2e6c36", "#6b4c9a", "#8a5300", "#1b1b1b", "#00687d", "#a2305b"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 3", "10 4", "4 4", "12 2 2 2"];
const MARKERS: MarkerShape[] = ["circle", "square", "triangle", "diamond", "cross", "plus", "bar", "circle"];
const PATTERNS: PatternKind[] = ["solid", "diagonal", "dots", "horizontal", "crosshatch", "vertical", "grid", "solid"];

export function seriesLooks(series: Array<{ key: string; label: string }>): SeriesLook[] {
  return series.map(({ key, label }, index) => ({
    key,
    label,
    color: COLORS[index % COLORS.length],
    dash: DASHES[index % DASHES.length],
    marker: MARKERS[index % MARKERS.length],
    pattern: PATTERNS[index % PATTERNS.length],
  }));
}

/** At most `most` of the labels along the bottom, evenly spread, always the first. */
function spreadTicks(positions: number[], labels: string[], most: number): Tick[] {
  const step = Math.max(1, Math.ceil(positions.length / most));
  return positions.flatMap((at, index) => (index % step === 0 ? [{ at, label: labels[index] }] : []));
}

function yTicks(
  scale: ReturnType<typeof scaleLinear<number, number>>,
  format: (value: number) => string,
  integers: boolean,
): Tick[] {
  return scale
    .ticks(5)
    .filter((value) => !integers || Number.isInteger(value))
    .map((value) => ({ at: scale(value), label: format(value) }));
}

interface TimeSeriesInput {
  title: string;
  description: string;
  yLabel: string;
  /** The periods' labels along the bottom, oldest first. */
  periods: string[];
  series: Array<{ key: string; label: string; values: Array<number | null> }>;
  format: (value: number) => string;
  /** Counts: the axis shows whole numbers only. */
  integers?: boolean;
}

/** Shared by both time charts: a band per period along the bottom, counts (or days) up the side from 0 to `top`. */
function timeFrame(
  { title, description, yLabel, periods, series, format, integers = true }: TimeSeriesInput,
  top: number,
  padding: number,
) {
  const x = scaleBand<number>()
    .domain(periods.map((_, index) => index))
    .range([PLOT.left, PLOT.right])
    .padding(padding);
  const centre = (index: number) => x(index)! + x.bandwidth() / 2;
  const y = scaleLinear()
    .domain([0, Math.max(top, integers ? 4 : 1)])
    .nice(5)
    .range([PLOT.bottom, PLOT.top]);
  const frame = {
    title,
    description,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    yLabel,
    xTicks: spreadTicks(
      periods.map((_, index) => centre(index)),
      periods,
      4,
    ),
    yTicks: yTicks(y, format, integers),
    series: seriesLooks(series),
  };
  return { x, centre, y, frame };
}

/** A line per series over the periods; a missing value breaks its line. */
export function lineChart(input: TimeSeriesInput): LineChart {
  const { periods, series } = input;
  const { centre, y, frame } = timeFrame(
    input,
    max(series.flatMap((one) => one.values.map((value) => value ?? 0))) ?? 0,
    0.2,
  );
  const path = line<number | null>()
    .defined((value) => value !== null)
    .x((_, index) => centre(index))
    .y((value) => y(value ?? 0));
  const markers = periods.length <= 26;
  return {
    kind: "lines",
    ...frame,
    lines: series.map((one) => ({
      key: one.key,
      path: path(one.values) ?? "",
      points: markers
        ? one.values.flatMap((value, index) => (value === null ? [] : [{ x: centre(index), y: y(value) }]))
        : [],
    })),
  };
}

/** A bar per period, its series stacked (or one series, plain bars). */
export function barChart(input: TimeSeriesInput): BarChart {
  const { periods, series } = input;
  const rows = periods.map((_, index) => Object.fromEntries(series.map((one) => [one.key, one.values[index] ?? 0])));
  const layers = stack<Record<string, number>>().keys(series.map((one) => one.key))(rows);
  const { x, y, frame } = timeFrame(
    input,
    max(layers.at(-1) ?? [], (point) => point[1]) ?? 0,
    periods.length > 60 ? 0.05 : 0.2,
  );
  return {
    kind: "bars",
    ...frame,
    bars: periods.map((_, index) => ({
      x: x(index)!,
      width: x.bandwidth(),
      segments: layers
        .map((layer) => ({ key: layer.key, y: y(layer[index][1]), height: y(layer[index][0]) - y(layer[index][1]) }))
        .filter((segment) => segment.height > 0),
    })),
  };
}

const LINE = 15;
const BAR = 12;
/** Characters of a category's name on one line at the list's 12-unit text, so that it fits the 320-unit view box. */
const LINE_CHARACTERS = 42;

/** A name split at its spaces into lines of at most LINE_CHARACTERS (a longer word keeps a line of its own). */
export function wrapLabel(label: string, most = LINE_CHARACTERS): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= most) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [""];
}

/** Categories, largest first as given, as horizontal bars with their name above and their count at the end. */
export function barListChart({
  title,
  description,
  rows,
  format,
}: {
  title: string;
  description: string;
  rows: Array<{ label: string; value: number }>;
  format: (value: number) => string;
}): BarListChart {
  const width = scaleLinear()
    .domain([0, Math.max(1, max(rows, (row) => row.value) ?? 0)])
    .range([0, WIDTH - 60]);
  let y = 0;
  const placed = rows.map((row) => {
    const lines = wrapLabel(row.label);
    const at = y;
    y += lines.length * LINE + BAR + 8;
    return {
      lines,
      value: format(row.value),
      y: at,
      barY: lines.length * LINE + 2,
      barWidth: Math.max(row.value > 0 ? 2 : 0, width(row.value)),
    };
  });
  return {
    kind: "barList",
    title,
    description,
    width: WIDTH,
    height: Math.max(LINE + BAR + 8, y),
    barHeight: BAR,
    lineHeight: LINE,
    rows: placed,
  };
}
