// Chart geometry computed on the server (app/charts), drawn as SVG: works without JavaScript, no arithmetic shipped.

export interface Tick {
  at: number;
  label: string;
}

/** How a series is told apart without its colour: a line's dash and marker, a bar's fill pattern. */
export interface SeriesLook {
  key: string;
  label: string;
  color: string;
  dash: string;
  marker: MarkerShape;
  pattern: PatternKind;
}

export type MarkerShape = "circle" | "square" | "triangle" | "diamond" | "cross" | "plus" | "bar";
export type PatternKind = "solid" | "diagonal" | "dots" | "horizontal" | "crosshatch" | "vertical" | "grid";

interface Frame {
  title: string;
  description: string;
  width: number;
  height: number;
  /** The plot's edges in the view box. */
  plot: { left: number; top: number; right: number; bottom: number };
  xTicks: Tick[];
  yTicks: Tick[];
  /** The vertical axis's name (a count, days). */
  yLabel: string;
  series: SeriesLook[];
}

export interface LineChart extends Frame {
  kind: "lines";
  lines: Array<{ key: string; path: string; points: Array<{ x: number; y: number }> }>;
}

export interface BarChart extends Frame {
  kind: "bars";
  /** One bar per period, its segments stacked in the series' order (one segment when there is one series). */
  bars: Array<{ x: number; width: number; segments: Array<{ key: string; y: number; height: number }> }>;
}

/** Categories as horizontal bars, each with its name above it and its count at its end. */
export interface BarListChart {
  kind: "barList";
  title: string;
  description: string;
  width: number;
  height: number;
  /**
   * Each category: its name in lines, its count, where it begins, and its bar's top (from where it begins) and length.
   */
  rows: Array<{ lines: string[]; value: string; y: number; barY: number; barWidth: number }>;
  barHeight: number;
  lineHeight: number;
}

export type ChartGeometry = LineChart | BarChart | BarListChart;

/** A figure's table: what is under its chart and in its CSV file. */
export interface FigureTable {
  head: string[];
  rows: Array<Array<string | number | null>>;
}
