// The board by keyboard: the board is one tab stop (a roving tabindex on
// its cells), the arrow keys move to the next cell in that direction as the
// board is drawn (so a turned board, and Kalah's pits, move as they look),
// and Enter or Space clicks the cell, which app.js sends.
(function () {
  "use strict";

  function cells() { return Array.from(document.querySelectorAll("[data-testid=board] [data-cell]")); }

  // The cell that holds the board's tab stop: the one last focused, else a
  // cell that can be clicked, else the first.
  var current = null;
  function rove() {
    var all = cells();
    if (!all.length) return;
    var keep = current && document.querySelector('[data-testid=board] [data-cell="' + current + '"]');
    var target = keep || document.querySelector("[data-testid=board] [data-cell].target") || all[0];
    all.forEach(function (c) { c.tabIndex = c === target ? 0 : -1; });
  }

  function centre(el) {
    var r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  // next finds the nearest cell in direction (dx, dy) from el, favouring
  // cells in line with it.
  function next(el, dx, dy) {
    var from = centre(el), best = null, bestScore = Infinity;
    cells().forEach(function (c) {
      if (c === el) return;
      var p = centre(c), ax = p.x - from.x, ay = p.y - from.y;
      var along = ax * dx + ay * dy, across = Math.abs(ax * dy) + Math.abs(ay * dx);
      if (along < 1) return;
      var score = along + 3 * across;
      if (score < bestScore) { bestScore = score; best = c; }
    });
    return best;
  }

  var dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  document.addEventListener("keydown", function (e) {
    var cell = e.target.closest && e.target.closest("[data-testid=board] [data-cell]");
    if (!cell || !dirs[e.key]) return;
    var to = next(cell, dirs[e.key][0], dirs[e.key][1]);
    e.preventDefault();
    if (!to) return;
    cell.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  });
  // The page's skip link to the board puts the keyboard on its tab stop.
  // By keyboard it does so when Enter is let go: a link follows Enter as it
  // goes down, and the focus moved then would have the same key press the
  // board's cell it lands on.
  function skipLink(e) { return e.target.closest && e.target.closest('a[href="#board"]'); }
  function toBoard(e) {
    rove();
    var cell = document.querySelector('[data-testid=board] [data-cell][tabindex="0"]');
    if (!cell) return;
    e.preventDefault();
    cell.focus();
  }
  document.addEventListener("click", function (e) { if (skipLink(e)) toBoard(e); });
  document.addEventListener("keydown", function (e) { if (e.key === "Enter" && skipLink(e)) e.preventDefault(); });
  document.addEventListener("keyup", function (e) { if (e.key === "Enter" && skipLink(e)) toBoard(e); });
  document.addEventListener("focusin", function (e) {
    var cell = e.target.closest && e.target.closest("[data-testid=board] [data-cell]");
    if (cell) current = cell.dataset.cell;
  });
  document.addEventListener("DOMContentLoaded", rove);
  document.addEventListener("htmx:wsAfterMessage", rove);
})();
