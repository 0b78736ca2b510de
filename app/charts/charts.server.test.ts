import { describe, expect, it } from "vitest";
import { barChart, barListChart, lineChart, seriesLooks, wrapLabel } from "./charts.server";

// The charts' arithmetic (docs/product-rules.md R127): what the SVG draws, worked out on the server.

const format = (value: number) => String(value);
const frame = { title: "T", description: "D", yLabel: "Y", format };

/** WCAG's contrast ratio of a colour against white. */
function contrastWithWhite(hex: string): number {
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

describe("the charts", () => {
  it("tell every series apart by more than its colour, in colours of at least 3:1 against white", () => {
    const looks = seriesLooks(Array.from({ length: 7 }, (_, index) => ({ key: `s${index}`, label: `S${index}` })));
    expect(new Set(looks.map((look) => look.dash)).size).toBe(7);
    expect(new Set(looks.map((look) => look.marker)).size).toBe(7);
    expect(new Set(looks.map((look) => look.pattern)).size).toBe(7);
    for (const look of looks) expect(contrastWithWhite(look.color)).toBeGreaterThanOrEqual(3);
  });

  it("stack a bar's series in order, their heights in proportion, leaving out what is zero", () => {
    const chart = barChart({
      ...frame,
      periods: ["a", "b"],
      series: [
        { key: "one", label: "One", values: [1, 3] },
        { key: "two", label: "Two", values: [3, 0] },
      ],
    });
    const [first, second] = chart.bars;
    expect(first.segments.map((segment) => segment.key)).toEqual(["one", "two"]);
    expect(first.segments[1].height / first.segments[0].height).toBeCloseTo(3);
    // Stacked: the second segment sits on top of the first.
    expect(first.segments[1].y + first.segments[1].height).toBeCloseTo(first.segments[0].y);
    expect(second.segments.map((segment) => segment.key)).toEqual(["one"]);
    expect(second.segments[0].height).toBeCloseTo(first.segments[0].height * 3);
    expect(chart.yTicks.map((tick) => tick.label)).toEqual(["0", "1", "2", "3", "4"]);
  });

  it("break a line where a period has no value, and mark only the values there are", () => {
    const chart = lineChart({
      ...frame,
      periods: ["a", "b", "c", "d"],
      series: [{ key: "median", label: "Median", values: [1.5, null, 2, 4] }],
      integers: false,
    });
    expect(chart.lines[0].path.match(/M/g)).toHaveLength(2);
    expect(chart.lines[0].points).toHaveLength(3);
    expect(chart.xTicks.map((tick) => tick.label)).toEqual(["a", "b", "c", "d"]);
  });

  it("label at most four periods along the bottom, the first always", () => {
    const periods = Array.from({ length: 12 }, (_, index) => `w${index}`);
    const chart = barChart({ ...frame, periods, series: [{ key: "n", label: "N", values: periods.map(() => 1) }] });
    expect(chart.xTicks.map((tick) => tick.label)).toEqual(["w0", "w3", "w6", "w9"]);
  });

  it("draw a list's bars in proportion to the largest, with its counts as given", () => {
    const chart = barListChart({
      title: "T",
      description: "D",
      rows: [
        { label: "Anne Arundel", value: 40 },
        { label: "Garrett", value: 10 },
        { label: "Kent", value: 0 },
      ],
      format: (value) => `${value} referrals`,
    });
    const [most, fewer, none] = chart.rows;
    expect(fewer.barWidth / most.barWidth).toBeCloseTo(0.25);
    expect(none.barWidth).toBe(0);
    expect(chart.rows.map((row) => row.value)).toEqual(["40 referrals", "10 referrals", "0 referrals"]);
    expect(chart.height).toBeGreaterThan(none.y);
  });

  it("write a long name on more lines, so it fits a phone's width, and make room for them", () => {
    const long = "Nacido antes de las 32 semanas o con menos de 1200 gramos";
    expect(wrapLabel(long)).toEqual(["Nacido antes de las 32 semanas o con menos", "de 1200 gramos"]);
    expect(wrapLabel("Kent")).toEqual(["Kent"]);
    const chart = barListChart({
      title: "T",
      description: "D",
      rows: [
        { label: long, value: 2 },
        { label: "Kent", value: 1 },
      ],
      format: String,
    });
    expect(chart.rows.map((row) => row.lines.length)).toEqual([2, 1]);
    expect(chart.rows[1].y).toBeGreaterThan(chart.rows[0].y + chart.rows[0].barY + chart.barHeight);
  });
});
