import { render, screen, waitFor, within } from "@testing-library/react";
import { DrawnChart } from "../../../src/components/ui/DrawnChart";
import { forgetFetchedPages, KeptMarkupSource } from "../../../src/components/ui/keptMarkup";
import { drawDayBars } from "../../../src/charts/drawDayBars";

/** A chart whose markup is kept in the page's HTML only (#45): its page data has a key, no SVG. */
const svg = (name: string) => `<svg viewBox="0 0 600 200" role="img" aria-label="${name}"><path d="M0,0"></path></svg>`;
const KEYS = { wide: "00112233445566aa", narrow: "00112233445566bb" };
const kept = (key: string) => ({
  svg: null,
  kept: key,
  width: 600,
  height: 200,
  data: { count: 2, domain: [0, 1] as [number, number] },
  plot: { left: 100, right: 500, top: 10, bottom: 170 },
});
const DRAWINGS = { wide: kept(KEYS.wide), narrow: kept(KEYS.narrow) };
const LABELS = ["Nov 22: median 40 ms", "Nov 23: median 48 ms"];
const page = `<!DOCTYPE html><html><body><div data-kept="${KEYS.wide}">${svg("Wide chart")}</div><div data-kept="${KEYS.narrow}">${svg("Narrow chart")}</div></body></html>`;

afterEach(() => {
  forgetFetchedPages();
  document.body.innerHTML = "";
  jest.restoreAllMocks();
});

describe("a chart kept in the page's HTML", () => {
  it("at build, takes the markup from the build's store by key", () => {
    const store = (key: string) => svg(key === KEYS.wide ? "Wide chart" : "Narrow chart");
    render(
      <KeptMarkupSource.Provider value={store}>
        <DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />
      </KeptMarkupSource.Provider>,
    );
    expect(screen.getByRole("img", { name: "Wide chart" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Narrow chart" })).toBeInTheDocument();
  });

  it("on a page loaded whole, keeps the markup the build rendered, and fetches nothing", () => {
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy;
    // What the built HTML holds before React runs.
    const built = document.createElement("div");
    built.innerHTML = page;
    document.body.append(built);
    render(<DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />);
    expect(screen.getAllByRole("img", { name: "Wide chart" })).toHaveLength(2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("after a move inside the site, fetches the page's HTML once for both drawings and shows them", async () => {
    const fetchSpy = jest.fn(async () => ({ ok: true, status: 200, text: async () => page }));
    global.fetch = fetchSpy as unknown as typeof fetch;
    render(<DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(await screen.findByRole("img", { name: "Wide chart" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Narrow chart" })).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledWith(window.location.pathname, expect.objectContaining({ credentials: "same-origin" }));
  });

  it("says so where the chart would be when the page cannot be fetched, and tries again on the next visit", async () => {
    const fetchSpy = jest.fn(async () => ({ ok: false, status: 503, text: async () => "" }));
    global.fetch = fetchSpy as unknown as typeof fetch;
    const { unmount } = render(<DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />);
    const said = await screen.findAllByRole("status");
    expect(said[0]).toHaveTextContent("This chart could not be loaded; reload the page to see it.");
    // the slider over the data still works: the figures are there, the picture is not
    expect(screen.getByRole("slider", { name: "Response times: the figures at one time" })).toBeInTheDocument();
    unmount();
    render(<DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />);
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
  });

  it("says so when the fetched page no longer has the drawing (a newer build), and never looks up a malformed key", async () => {
    global.fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      text: async () => "<html><body></body></html>",
    })) as unknown as typeof fetch;
    render(<DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />);
    expect((await screen.findAllByRole("status"))[0]).toHaveTextContent("This chart could not be loaded");
    forgetFetchedPages();
    document.body.innerHTML = `<div data-kept='"]'>${svg("Injected")}</div>`;
    const bad = { ...DRAWINGS.wide, kept: '"]' };
    const { container } = render(<DrawnChart drawings={{ wide: bad, narrow: bad }} labels={LABELS} title="Other" />);
    expect(container.querySelectorAll("svg")).toHaveLength(0);
    expect(await within(container).findAllByRole("status")).toHaveLength(2);
  });

  it("an element of the page before, still waiting for the same drawing, is not taken for it; a stale page is asked again past the cache", async () => {
    document.body.innerHTML = `<div data-kept="${KEYS.wide}"></div><div data-kept="${KEYS.narrow}"></div>`;
    const fetchSpy = jest
      .fn()
      .mockImplementationOnce(async () => ({ ok: true, status: 200, text: async () => "<html><body></body></html>" }))
      .mockImplementation(async () => ({ ok: true, status: 200, text: async () => page }));
    global.fetch = fetchSpy;
    const { container } = render(<DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />);
    expect(await within(container).findByRole("img", { name: "Wide chart" })).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenLastCalledWith(window.location.pathname, expect.objectContaining({ cache: "reload" }));
  });

  it("markup in a chart's title stays text all the way: drawn, kept in the page, fetched after a move, shown", async () => {
    const hostile = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;
    const days = Array.from({ length: 3 }, (_, i) => ({ date: `2026-11-2${i}`, up: 10, total: 10 }));
    const drawn = drawDayBars(days, { id: "bars", title: hostile, description: hostile });
    const key = (size: string) => (size === "wide" ? KEYS.wide : KEYS.narrow);
    const builtPage = `<html><body>${(["wide", "narrow"] as const).map((size) => `<div data-kept="${key(size)}">${drawn[size].svg}</div>`).join("")}</body></html>`;
    global.fetch = jest.fn(async () => ({ ok: true, status: 200, text: async () => builtPage })) as unknown as typeof fetch;
    const drawings = { wide: { ...drawn.wide, svg: null, kept: KEYS.wide }, narrow: { ...drawn.narrow, svg: null, kept: KEYS.narrow } };
    const { container } = render(<DrawnChart drawings={drawings} labels={["a", "b", "c"]} title="Days" />);
    const [chart] = await within(container).findAllByRole("img", { name: hostile });
    expect(chart.tagName.toLowerCase()).toBe("svg");
    expect(container.querySelectorAll("img, script, [onerror]")).toHaveLength(0);
  });
});
