// Boardroom's theme, set before the page is drawn so that it never flashes
// in the wrong colours: the theme chosen with the toggle (remembered by the
// browser), else the system's (prefers-color-scheme, in the style sheet).
(function () {
  "use strict";
  var root = document.documentElement;
  function stored() { try { return localStorage.getItem("theme"); } catch (e) { return null; } }
  function apply(theme) {
    root.classList.toggle("theme-dark", theme === "dark");
    root.classList.toggle("theme-light", theme === "light");
  }
  function dark() {
    var t = stored();
    if (t) return t === "dark";
    return !!(window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  }
  apply(stored());
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("[data-action=theme]");
    if (!btn) return;
    var next = dark() ? "light" : "dark";
    try { localStorage.setItem("theme", next); } catch (err) { /* private mode: this page only */ }
    apply(next);
    btn.setAttribute("aria-pressed", String(next === "dark"));
  });
  document.addEventListener("DOMContentLoaded", function () {
    var btn = document.querySelector("[data-action=theme]");
    if (btn) btn.setAttribute("aria-pressed", String(dark()));
  });
})();
