/* Runs before first paint, so the static page shows the reader's saved choices
   without a flash: the sidebar state (cookie sidebar:state) and the colour theme
   (localStorage "settings"). It also marks that JavaScript runs (data-js). */
(function () {
  var root = document.documentElement;
  root.setAttribute("data-js", "");
  try {
    var match = document.cookie.match(/(?:^|;\s*)sidebar:state=(true|false)(?:;|$)/);
    if (match) root.setAttribute("data-sidebar", match[1] === "true" ? "expanded" : "collapsed");
  } catch {
    // No cookie access (a sandboxed frame): the sidebar starts expanded.
  }
  try {
    var saved = JSON.parse(window.localStorage.getItem("settings") || "null");
    if (saved && saved.darkMode === true) root.setAttribute("data-theme", "dark");
  } catch {
    // No storage, or not JSON: the light theme, as the settings page will say.
  }
})();
