import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import toast from "react-hot-toast";
import { describeError } from "../../../src/components/layout/ErrorBoundary";
import { PageWrapper } from "../../../src/components/layout/PageWrapper";
import { notify } from "../../../src/components/ui/notify";
import { renderWithProviders } from "../renderWithProviders";

function Broken(): never {
  throw new Error("The servers list could not be read");
}

describe("the error boundary around each page", () => {
  it("shows 'Unexpected Application Error!' with the message, inside a working shell", async () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(
      <PageWrapper pathname="/servers">
        <Broken />
      </PageWrapper>,
    );
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("The servers list could not be read")).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    // the shell still works around it
    await user.click(screen.getByRole("banner").querySelector("button")!);
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    // another route starts afresh
    rerender(
      <PageWrapper pathname="/reports">
        <h1>Reports</h1>
      </PageWrapper>,
    );
    expect(screen.queryByText("Unexpected Application Error!")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Reports" })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it.each([
    [new Error("boom"), "boom"],
    [{ status: 404, statusText: "Not Found" }, "404 Not Found"],
    [{ status: 500 }, "500"],
    ["plain text", "plain text"],
  ])("describes %p as %p", (error, text) => {
    expect(describeError(error)).toBe(text);
  });
});

describe("toasts", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => toast.remove());
    jest.useRealTimers();
  });

  it("show at most three at a time, bottom-right", async () => {
    renderWithProviders(<p>page</p>);
    act(() => {
      for (let i = 1; i <= 5; i += 1) notify.success(`Toast ${i}`, "body");
    });
    // The toasts' code loads with the first toast: let it arrive and mount.
    for (let i = 0; i < 3; i += 1) await act(async () => undefined);
    // dismissed toasts leave the page after their exit animation (1 s)
    await act(async () => {
      jest.advanceTimersByTime(1300);
    });
    expect(
      screen
        .getAllByText(/^Toast \d$/)
        .map((el) => el.textContent)
        .sort(),
    ).toEqual(["Toast 3", "Toast 4", "Toast 5"]);
    const wrapper = screen.getByText("Toast 5").closest('div[style*="position: absolute"]') as HTMLElement;
    expect(wrapper.style.bottom).toBe("0px");
    expect(wrapper.style.justifyContent).toBe("flex-end");
  });
});
