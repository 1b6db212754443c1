import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PageWrapper } from "../../../src/components/layout/PageWrapper";
import { renderWithProviders } from "../renderWithProviders";

function clearCookies() {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0].trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

function setViewport(mobile: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: mobile,
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

beforeEach(() => {
  clearCookies();
  document.documentElement.removeAttribute("data-sidebar");
  setViewport(false);
});

const renderShell = (pathname: string) =>
  renderWithProviders(
    <PageWrapper pathname={pathname}>
      <h1>Page</h1>
    </PageWrapper>,
  );
const trigger = () => within(screen.getByRole("banner")).getByRole("button", { name: "Toggle sidebar" });
const nav = () => screen.getByRole("navigation", { name: "Main" });

describe("sidebar entries", () => {
  it.each([
    ["/", "Dashboard"],
    ["/map", "Server Map"],
    ["/map/eu", "Server Map"],
    ["/analytics/", "Analytics"],
    ["/servers", "Servers"],
    ["/incidents", "Incidents"],
    ["/security", "Security"],
    ["/reports/2026", "Reports"],
    ["/settings", "Settings"],
  ])("on %s the current entry is %s, and only that one", (pathname, title) => {
    renderShell(pathname);
    const links = within(nav()).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "Dashboard",
      "Server Map",
      "Analytics",
      "Servers",
      "Incidents",
      "Security",
      "Reports",
      "Settings",
    ]);
    const current = links.filter((l) => l.getAttribute("aria-current") === "page");
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent(title);
  });

  it("marks no entry on a path no entry owns ('/' is exact only)", () => {
    renderShell("/unknown");
    expect(
      within(nav())
        .queryAllByRole("link")
        .filter((l) => l.getAttribute("aria-current")),
    ).toHaveLength(0);
  });
});

describe("collapse", () => {
  it("the trigger collapses and expands, and the cookie sidebar:state remembers it for 7 days", async () => {
    const user = userEvent.setup();
    const cookieSetter = jest.spyOn(document, "cookie", "set");
    renderShell("/");
    expect(trigger()).toHaveAttribute("aria-expanded", "true");
    await user.click(trigger());
    expect(trigger()).toHaveAttribute("aria-expanded", "false");
    expect(document.documentElement.dataset.sidebar).toBe("collapsed");
    expect(document.cookie).toContain("sidebar:state=false");
    expect(cookieSetter).toHaveBeenLastCalledWith(expect.stringMatching(/^sidebar:state=false; path=\/; max-age=604800/));
    await user.click(trigger());
    expect(trigger()).toHaveAttribute("aria-expanded", "true");
    expect(document.documentElement.dataset.sidebar).toBe("expanded");
    expect(document.cookie).toContain("sidebar:state=true");
    cookieSetter.mockRestore();
  });

  it("Ctrl+B and Cmd+B toggle it; B alone or with Alt does not", async () => {
    const user = userEvent.setup();
    renderShell("/");
    await user.keyboard("{Control>}b{/Control}");
    expect(trigger()).toHaveAttribute("aria-expanded", "false");
    await user.keyboard("{Meta>}b{/Meta}");
    expect(trigger()).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("b");
    await user.keyboard("{Control>}{Alt>}b{/Alt}{/Control}");
    expect(trigger()).toHaveAttribute("aria-expanded", "true");
  });

  it("collapsing with Ctrl+B keeps focus on the entry that had it (the links are not rebuilt)", async () => {
    const user = userEvent.setup();
    renderShell("/");
    const reports = within(nav()).getByRole("link", { name: "Reports" });
    reports.focus();
    await user.keyboard("{Control>}b{/Control}");
    expect(trigger()).toHaveAttribute("aria-expanded", "false");
    expect(within(nav()).getByRole("link", { name: "Reports" })).toBe(reports);
    expect(reports).toHaveFocus();
  });

  it("Ctrl+B typed in a text field belongs to the field", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <PageWrapper pathname="/settings">
        <input aria-label="Name" />
      </PageWrapper>,
    );
    await user.click(screen.getByRole("textbox", { name: "Name" }));
    await user.keyboard("{Control>}b{/Control}");
    expect(trigger()).toHaveAttribute("aria-expanded", "true");
  });

  it("the rail along the sidebar's edge toggles it too", async () => {
    const user = userEvent.setup();
    renderShell("/");
    await user.click(within(screen.getByRole("complementary", { name: "Sidebar" })).getByRole("button", { name: "Toggle sidebar" }));
    expect(trigger()).toHaveAttribute("aria-expanded", "false");
  });

  it("restores the saved state from the cookie after mounting", async () => {
    document.cookie = "sidebar:state=false; path=/";
    renderShell("/");
    await act(async () => undefined);
    expect(trigger()).toHaveAttribute("aria-expanded", "false");
  });

  it("while collapsed, each entry has a tooltip with its title beside it (CSS shows it on hover and focus, at once)", async () => {
    const user = userEvent.setup();
    renderShell("/");
    await user.click(trigger());
    const reports = within(nav()).getByRole("link", { name: "Reports" });
    const tip = reports.parentElement!.querySelector('[role="tooltip"]');
    expect(tip).toHaveTextContent("Reports");
  });
});

describe("under 768px", () => {
  beforeEach(() => setViewport(true));

  it("the trigger opens the navigation as a sheet; Escape closes it and focus returns", async () => {
    const user = userEvent.setup();
    renderShell("/");
    await user.click(trigger());
    const sheet = await screen.findByRole("dialog", { name: "Navigation" });
    expect(within(sheet).getAllByRole("link")).toHaveLength(8);
    expect(document.cookie).not.toContain("sidebar:state");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it("choosing an entry closes the sheet", async () => {
    const user = userEvent.setup();
    // jsdom cannot follow links; the page change is Gatsby's job, the closing is ours.
    const stop = (event: MouseEvent) => event.preventDefault();
    document.addEventListener("click", stop);
    renderShell("/");
    await user.click(trigger());
    await user.click(within(await screen.findByRole("dialog")).getByRole("link", { name: "Servers" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    document.removeEventListener("click", stop);
  });
});
