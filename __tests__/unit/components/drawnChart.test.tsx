import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DrawnChart } from "../../../src/components/ui/DrawnChart";

/** Three data, the first at the plot's left and the last at its right. */
const drawing = (width: number, left: number, right: number) => ({
  svg: `<svg viewBox="0 0 ${width} 200" role="img" aria-labelledby="c-${width}-t"><title id="c-${width}-t">Response times</title><path d="M0,0"></path></svg>`,
  width,
  height: 200,
  data: { count: 3, domain: [0, 2] as [number, number] },
  plot: { left, right, top: 10, bottom: 170 },
});
// the data at 100, 300 and 500 of 600; at 40, 150 and 260 of 300
const DRAWINGS = { wide: drawing(600, 100, 500), narrow: drawing(300, 40, 260) };
const LABELS = ["Nov 22: median 40 ms", "Nov 23: no check answered", "Nov 24: median 48 ms"];

const tooltips = () => [...document.querySelectorAll(".tip")].map((t) => t.textContent);

describe("DrawnChart", () => {
  it("shows the drawn SVG as it is (both sizes; the stylesheet shows one), with no tooltip until asked", () => {
    render(<DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />);
    expect(screen.getAllByRole("img", { name: "Response times" })).toHaveLength(2);
    expect(document.querySelectorAll("[data-size='wide'] svg path")).toHaveLength(1);
    expect(tooltips()).toEqual([]);
  });

  it("is a slider over the data: the keys move the value, a screen reader hears each datum, the tooltip follows", async () => {
    const user = userEvent.setup();
    render(<DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />);
    const slider = screen.getByRole("slider", { name: "Response times: the figures at one time" });
    await user.tab();
    expect(slider).toHaveFocus();
    expect(slider).toHaveAttribute("aria-valuetext", "Nov 22: median 40 ms");
    expect(tooltips()).toEqual([LABELS[0], LABELS[0]]);
    await user.keyboard("{ArrowRight}");
    expect(slider).toHaveAttribute("aria-valuenow", "1");
    expect(slider).toHaveAttribute("aria-valuetext", "Nov 23: no check answered");
    expect(tooltips()).toEqual([LABELS[1], LABELS[1]]);
    // the cursor sits on the datum, in percent of each drawing's viewBox
    const cursors = [...document.querySelectorAll<HTMLElement>(".cursor")].map((c) => c.style.left);
    expect(cursors).toEqual(["50%", "50%"]);
    await user.keyboard("{End}{ArrowRight}");
    expect(slider).toHaveAttribute("aria-valuenow", "2");
    await user.keyboard("{ArrowLeft}{Home}{ArrowDown}");
    expect(slider).toHaveAttribute("aria-valuenow", "0");
    await user.tab();
    expect(tooltips()).toEqual([]);
  });

  it("a pointer or a touch shows the nearest datum; leaving hides it", () => {
    render(<DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />);
    const slider = screen.getByRole("slider");
    slider.getBoundingClientRect = () => ({
      left: 0,
      width: 1200,
      top: 0,
      height: 400,
      right: 1200,
      bottom: 400,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.pointerMove(slider, { clientX: 1100 });
    expect(tooltips()[0]).toBe(LABELS[2]);
    fireEvent.pointerDown(slider, { clientX: 560 });
    expect(tooltips()[0]).toBe(LABELS[1]);
    expect(slider).toHaveAttribute("aria-valuenow", "1");
    fireEvent.pointerLeave(slider);
    expect(tooltips()).toEqual([]);
  });

  it("on a phone the pointer is read against the narrow drawing", () => {
    const phone = jest
      .spyOn(window, "matchMedia")
      .mockImplementation((query: string) => ({ matches: query.includes("max-width"), media: query }) as unknown as MediaQueryList);
    try {
      render(<DrawnChart drawings={DRAWINGS} labels={LABELS} title="Response times" />);
      const slider = screen.getByRole("slider");
      slider.getBoundingClientRect = () => ({
        left: 0,
        width: 300,
        top: 0,
        height: 200,
        right: 300,
        bottom: 200,
        x: 0,
        y: 0,
        toJSON: () => ({}),
      });
      // 100 px is nearest the first of the wide drawing's data, and the second of the narrow one's
      fireEvent.pointerMove(slider, { clientX: 100 });
      expect(tooltips()[0]).toBe(LABELS[1]);
    } finally {
      phone.mockRestore();
    }
  });
});
