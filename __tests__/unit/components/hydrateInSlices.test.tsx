import { act, useEffect, useState } from "react";
import { renderToString } from "react-dom/server";
import { holdBackForward, hydrateInSlices } from "../../../src/components/layout/hydrateInSlices";

// act() without Testing Library, which would otherwise say so.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Clicked {count} times
    </button>
  );
}

describe("hydrateInSlices", () => {
  it("adopts the server's HTML (the same elements, no second render) and makes it live", async () => {
    // Gatsby's markup: the page inside #gatsby-focus-wrapper inside #___gatsby.
    const container = document.createElement("div");
    container.innerHTML = `<div id="gatsby-focus-wrapper">${renderToString(<Counter />)}</div>`;
    document.body.append(container);
    const serverButton = container.querySelector("button");
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);

    await act(async () =>
      hydrateInSlices(
        <div id="gatsby-focus-wrapper">
          <Counter />
        </div>,
        container,
      ),
    );

    expect(container.querySelector("button")).toBe(serverButton);
    await act(async () => serverButton!.click());
    expect(serverButton).toHaveTextContent("Clicked 1 times");
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    container.remove();
  });

  it("renders a page whose HTML has nothing in Gatsby's focus wrapper (a client-only page)", async () => {
    const container = document.createElement("div");
    container.innerHTML = `<div id="gatsby-focus-wrapper"></div>`;
    document.body.append(container);
    await act(async () => hydrateInSlices(<Counter />, container));
    expect(container.querySelector("button")).toHaveTextContent("Clicked 0 times");
    container.remove();
  });

  it("a Back or Forward while it hydrates reaches the router, which listens only once the page is committed", async () => {
    // What the router does: it listens to popstate from its mount on.
    const heard: string[] = [];
    function Router() {
      useEffect(() => {
        const listen = () => heard.push(window.location.pathname);
        window.addEventListener("popstate", listen);
        return () => window.removeEventListener("popstate", listen);
      }, []);
      return <p>page</p>;
    }
    const container = document.createElement("div");
    container.innerHTML = `<div id="gatsby-focus-wrapper">${renderToString(<Router />)}</div>`;
    document.body.append(container);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      hydrateInSlices(
        <div id="gatsby-focus-wrapper">
          <Router />
        </div>,
        container,
      );
      // Back, before React has hydrated anything.
      window.history.pushState(null, "", "/earlier");
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
      // <html data-hydrating> until the page is committed.
      const deadline = Date.now() + 2000;
      while (document.documentElement.hasAttribute("data-hydrating") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual(["/earlier"]);
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
      container.remove();
    }
  });
  it("from the app's start, a Back is kept even from Gatsby's history (which listens before hydration) until the page is committed", async () => {
    const heard: string[] = [];
    const gatsbyHistory = () => heard.push(window.location.pathname);
    const container = document.createElement("div");
    container.innerHTML = `<div id="gatsby-focus-wrapper">${renderToString(<p>page</p>)}</div>`;
    document.body.append(container);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      // gatsby-browser holds Back/Forward as it is loaded; Gatsby's history listens just after.
      holdBackForward();
      window.addEventListener("popstate", gatsbyHistory);
      // Back while the page's data loads: nobody hears it yet.
      window.history.pushState(null, "", "/before");
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
      expect(heard).toEqual([]);
      expect(document.documentElement).toHaveAttribute("data-hydrating");
      hydrateInSlices(
        <div id="gatsby-focus-wrapper">
          <p>page</p>
        </div>,
        container,
      );
      const deadline = Date.now() + 2000;
      while (document.documentElement.hasAttribute("data-hydrating") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(heard).toEqual(["/before"]);
      // Released: the next Back goes straight through.
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
      expect(heard).toEqual(["/before", "/before"]);
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
      window.removeEventListener("popstate", gatsbyHistory);
      container.remove();
    }
  });
});
