import { describe, expect, it } from "vitest";
import { easternCalendarDate } from "./dates";
import {
  dateBounds,
  isFiltered,
  listExports,
  listHref,
  parseListPageQuery,
  parseListQuery,
  UnknownComparisonError,
  type ListSpec,
} from "./list";

const spec: ListSpec<"name" | "birthdate"> = {
  sorts: ["name", "birthdate"],
  defaultSort: "name",
  defaultOrder: "asc",
  textFilters: ["name"],
  dateFilters: ["birthdate"],
};
const parse = (query: string) => parseListQuery(new URLSearchParams(query), spec, "en");

describe("a list's address", () => {
  it("falls back to page 1, 10 rows and the default sort", () => {
    expect(parse("page=-3&count=7&sort=password&order=sideways")).toEqual({
      page: 1,
      count: 10,
      sort: "name",
      order: "asc",
      text: {},
      dates: {},
    });
    expect(parse("page=3&count=50&sort=birthdate&order=desc&name=%20Ana%20")).toMatchObject({
      page: 3,
      count: 50,
      sort: "birthdate",
      order: "desc",
      text: { name: "Ana" },
    });
  });

  it("reads the four date comparisons, and a between range in either order", () => {
    expect(parse("birthdateType=before&birthdateFrom=2025-01-01").dates.birthdate).toEqual({
      type: "before",
      from: "2025-01-01",
    });
    expect(parse("birthdateType=between&birthdateFrom=2025-03-01&birthdateTo=2025-01-01").dates.birthdate).toEqual({
      type: "between",
      from: "2025-01-01",
      to: "2025-03-01",
    });
    expect(parse("birthdateType=exactly").dates).toEqual({});
  });

  it("reads dates typed in the order the page shows them: mm/dd/yyyy in English, dd/mm/aaaa in Spanish", () => {
    const typed = new URLSearchParams({
      birthdateType: "between",
      birthdateFrom: "02/03/2025",
      birthdateTo: "23/11/2025",
    });
    expect(parseListQuery(typed, spec, "es").dates.birthdate).toEqual({
      type: "between",
      from: "2025-03-02",
      to: "2025-11-23",
    });
    // 23/11 is no day month first: in English the range waits for a date it can read.
    expect(parseListQuery(typed, spec, "en").dates).toEqual({});
    expect(
      parseListQuery(new URLSearchParams({ birthdateType: "exactly", birthdateFrom: "02/03/2025" }), spec, "en").dates
        .birthdate,
    ).toEqual({
      type: "exactly",
      from: "2025-02-03",
    });
  });

  it("refuses an unknown comparison type", () => {
    expect(() => parse("birthdateType=around&birthdateFrom=2025-01-01")).toThrow(UnknownComparisonError);
  });

  it("gives a list page the default query and a filter error for an unknown comparison", () => {
    const unknown = parseListPageQuery(
      new URLSearchParams("birthdateType=around&birthdateFrom=2025-01-01&sort=birthdate"),
      spec,
      "en",
    );
    expect(unknown).toEqual({ query: parseListQuery(new URLSearchParams(), spec, "en"), filterError: true });
    const known = parseListPageQuery(new URLSearchParams("page=2"), spec, "en");
    expect(known).toEqual({ query: parseListQuery(new URLSearchParams("page=2"), spec, "en"), filterError: false });
  });

  it("offers the whole list with its filters cleared and, when filtered, the rows the filters show (R81)", () => {
    const today = easternCalendarDate();
    const plain = listExports("/app/children/export.csv", "children", parse("page=2&sort=birthdate&order=desc"), {
      owner: "7",
    });
    expect(plain).toEqual({
      all: { href: "/app/children/export.csv?owner=7&sort=birthdate&order=desc", fileName: `children-${today}.csv` },
      filtered: null,
    });

    const typed = new URLSearchParams(
      "name=Ana&birthdateType=between&birthdateFrom=23/11/2025&birthdateTo=02/03/2025&page=3&count=20&sort=birthdate",
    );
    const query = parseListQuery(typed, spec, "es");
    const { all, filtered } = listExports("/app/children/export.csv", "children", query);
    expect(all).toEqual({
      href: "/app/children/export.csv?sort=birthdate&order=asc",
      fileName: `children-${today}.csv`,
    });
    expect(filtered?.fileName).toBe(`children-filtered-${today}.csv`);
    const [path, search] = filtered!.href.split("?");
    expect(path).toBe("/app/children/export.csv");
    // No page or page size: every page of the filtered rows; the dates as YYYY-MM-DD, read alike in both languages.
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      sort: "birthdate",
      order: "asc",
      name: "Ana",
      birthdateType: "between",
      birthdateFrom: "2025-03-02",
      birthdateTo: "2025-11-23",
    });
    for (const language of ["en", "es"] as const) {
      expect(parseListQuery(new URLSearchParams(search), spec, language)).toEqual({ ...query, page: 1, count: 10 });
    }
  });

  it("keeps the other parameters in links and starts a new sort at page 1", () => {
    expect(listHref("?name=Ana&page=4", { sort: "birthdate", order: "desc" })).toBe(
      "?name=Ana&sort=birthdate&order=desc",
    );
    expect(listHref("?name=Ana&page=4", { page: 5 })).toBe("?name=Ana&page=5");
  });

  it("is filtered by a text or a whole date filter, not by a sort, a page or a comparison without its date", () => {
    expect(isFiltered(parse("sort=birthdate&order=desc&page=2&count=20&birthdateType=after"))).toBe(false);
    expect(isFiltered(parse("name=Ana"))).toBe(true);
    expect(isFiltered(parse("birthdateType=after&birthdateFrom=2025-01-01"))).toBe(true);
  });
});

describe("date comparisons", () => {
  it("on calendar dates: before and after leave the day out, exactly and between include it", () => {
    expect(dateBounds({ type: "before", from: "2025-01-10" }, "date")).toEqual({ until: "2025-01-10" });
    expect(dateBounds({ type: "after", from: "2025-01-10" }, "date")).toEqual({ from: "2025-01-11" });
    expect(dateBounds({ type: "exactly", from: "2025-01-10" }, "date")).toEqual({
      from: "2025-01-10",
      until: "2025-01-11",
    });
    expect(dateBounds({ type: "between", from: "2025-01-10", to: "2025-01-31" }, "date")).toEqual({
      from: "2025-01-10",
      until: "2025-02-01",
    });
  });

  it("on moments: the days begin at midnight in Maryland, in winter and in summer", () => {
    expect(dateBounds({ type: "exactly", from: "2025-01-10" }, "moment")).toEqual({
      from: "2025-01-10T05:00:00.000Z",
      until: "2025-01-11T05:00:00.000Z",
    });
    expect(dateBounds({ type: "before", from: "2025-07-04" }, "moment")).toEqual({ until: "2025-07-04T04:00:00.000Z" });
  });

  it("throws on an unknown comparison", () => {
    expect(() => dateBounds({ type: "around" as never, from: "2025-01-10" }, "date")).toThrow(UnknownComparisonError);
  });
});
