// What may be clicked on the board, and a move of several clicks (an
// amazon, where it goes, where it shoots; a bishop and its square), are the
// page's own: the board's #paths part lists the clicks of every legal move
// (view.EncodePaths). The page marks the cells that start a move; choosing
// one marks where it may go at once, with no round trip; and only the whole
// move is sent ({"path":"ROW,COL ROW,COL ..."}, or a move of one click as
// {"cell":"ROW,COL"}), which the server checks.
//
// The marks are drawn over the cells the server sent (which carry none):
// each cell changed keeps what it had, and gets it back before the next
// update is swapped in, so that the cells the update leaves alone are the
// server's; then they are drawn again. A click the paths do not explain goes
// to the server as before, which plays it or says why not. (This script
// runs before keys.js, whose keyboard focus goes to a marked cell.)
(function () {
  "use strict";

  var picks = []; // the cells ("ROW,COL") chosen so far
  var tree = null, treeText = null;
  var saved = new Map(); // cell element → {cls, label} as the server drew it
  var added = []; // elements drawn into cells (a moving piece's preview)
  var stepSaved = null; // the banner's step prompt as the server wrote it
  var sent = false; // a whole move went out; its update clears the marks

  function letter(ch) {
    var c = ch.charCodeAt(0);
    return c >= 97 ? c - 97 + 26 : c - 65;
  }

  // parse turns the encoding into a tree: node[cell] is the node after that
  // click; node.end says the clicks so far make a move.
  function parse(text) {
    var root = {}, prev = [], shared = 0, fresh = 1;
    for (var i = 0; i < text.length;) {
      var ch = text.charAt(i);
      if (ch >= "0" && ch <= "9") {
        var d = ch.charCodeAt(0) - 48;
        shared = Math.floor(d / 3);
        fresh = d % 3 + 1;
        i++;
        continue;
      }
      var path = prev.slice(0, shared);
      for (var k = 0; k < fresh && i + 1 < text.length; k++, i += 2) {
        path.push(letter(text.charAt(i)) + "," + letter(text.charAt(i + 1)));
      }
      var node = root;
      path.forEach(function (cell) {
        if (!Object.prototype.hasOwnProperty.call(node, cell)) node[cell] = {};
        node = node[cell];
      });
      node.end = true;
      prev = path;
    }
    return root;
  }

  function currentTree() {
    var el = document.getElementById("paths");
    var text = el ? el.dataset.paths || "" : "";
    if (text !== treeText) {
      treeText = text;
      tree = text ? parse(text) : null;
    }
    return tree;
  }

  function walk(node, cells) {
    for (var i = 0; node && i < cells.length; i++) {
      node = Object.prototype.hasOwnProperty.call(node, cells[i]) ? node[cells[i]] : null;
    }
    return node;
  }

  function boardCells() { return document.querySelectorAll("[data-testid=board] [data-cell]"); }

  // plain is a cell's label without what the server said one may do with it.
  function plain(label) { return (label || "").replace(/, (can be clicked|can be taken|selected|your choice|moving away|moved here)$/, ""); }

  function keep(el) {
    if (!saved.has(el)) saved.set(el, { cls: el.className, label: el.getAttribute("aria-label") });
  }

  function restore() {
    added.forEach(function (el) { if (el.parentNode) el.parentNode.removeChild(el); });
    added = [];
    saved.forEach(function (was, el) {
      el.className = was.cls;
      if (was.label === null) el.removeAttribute("aria-label");
      else el.setAttribute("aria-label", was.label);
    });
    saved.clear();
    var step = document.getElementById("step");
    if (step && stepSaved !== null) step.textContent = stepSaved;
    stepSaved = null;
  }

  // steps are the prompts of a move's clicks (game.Stepper), from #paths.
  function steps() {
    var el = document.getElementById("paths");
    var text = el ? el.dataset.steps || "" : "";
    return text ? text.split("\n") : [];
  }

  // stepNow is the prompt once the cells chosen so far are chosen ("" when
  // the game gives none).
  function stepNow() { return steps()[picks.length] || ""; }

  function cellAt(cell) { return document.querySelector("[data-testid=board] [data-cell='" + cell + "']"); }

  // preview shows a piece chosen and its destination as they would be: the
  // piece drawn on its new square and ghosted on the old one, so that what
  // follows (the amazon's arrow) is seen from where it will stand.
  function preview() {
    if (picks.length < 2) return;
    var from = cellAt(picks[0]), to = cellAt(picks[1]);
    var piece = from && from.querySelector("svg.piece");
    if (!piece || !to || to.querySelector("svg.piece")) return;
    keep(from);
    keep(to);
    var copy = piece.cloneNode(true);
    copy.classList.add("preview");
    to.insertBefore(copy, to.firstChild);
    added.push(copy);
    from.classList.add("ghost");
    to.classList.add("moved-here");
    var what = plain(from.getAttribute("aria-label")).replace(/^[^:]*: /, "");
    var name = plain(to.getAttribute("aria-label")).replace(/: .*$/, "");
    from.setAttribute("aria-label", plain(from.getAttribute("aria-label")) + ", moving away");
    to.setAttribute("aria-label", name + ": " + what + ", moved here");
  }

  // showStep writes what comes next in the banner (the server wrote the
  // first step's).
  function showStep() {
    var step = document.getElementById("step");
    var text = stepNow();
    if (!step || !text || !picks.length) return;
    if (stepSaved === null) stepSaved = step.textContent;
    step.textContent = text;
  }

  // announce says what comes next to a screen reader.
  function announce() {
    var live = document.getElementById("step-announce");
    if (live) live.textContent = picks.length ? stepNow() : "";
  }

  // draw marks the chosen cells and the cells that may follow them (with
  // nothing chosen, the cells that start a move).
  function draw() {
    restore();
    var t = currentTree();
    if (!t) return;
    var next = walk(t, picks) || {};
    boardCells().forEach(function (el) {
      var cell = el.dataset.cell;
      var target = Object.prototype.hasOwnProperty.call(next, cell);
      var selected = picks.indexOf(cell) >= 0;
      var had = el.classList.contains("target") || el.classList.contains("selected");
      if (!target && !selected && !had) return;
      // Once a piece is chosen, a target holding a piece is one to take:
      // marked unlike the pieces one may move. The chosen piece's own
      // square is not (it is empty once the piece has moved: an amazon
      // may shoot back where it stood).
      var capture = target && picks.length > 0 && cell !== picks[0] && !!el.querySelector("svg.piece");
      keep(el);
      el.classList.toggle("target", target);
      el.classList.toggle("capture", capture);
      el.classList.toggle("selected", selected);
      var label = plain(el.getAttribute("aria-label"));
      el.setAttribute("aria-label", label + (selected ? ", selected" : capture ? ", can be taken" : target ? ", can be clicked" : ""));
    });
    preview();
    showStep();
  }

  function clear() {
    var had = picks.length > 0;
    picks = [];
    sent = false;
    restore();
    if (had) announce();
  }

  function reset() {
    clear();
    draw();
  }

  // pick takes a click on cell el; it returns false when the server should
  // have the click instead. send sends a message over the room's socket.
  function pick(el, send) {
    var t = currentTree();
    var cell = el.dataset.cell;
    if (!t || sent) return false;
    var clicked = picks.concat([cell]);
    var node = walk(t, clicked);
    if (node && node.end) {
      picks = clicked;
      draw();
      sent = true;
      announce();
      send(clicked.length === 1 ? { cell: cell } : { path: clicked.join(" ") });
      return true;
    }
    var at = picks.indexOf(cell);
    if (node) picks = clicked;
    else if (at >= 0) picks = picks.slice(0, at);
    else if (walk(t, [cell])) picks = [cell]; // another piece of one's own
    else {
      reset();
      return false;
    }
    draw();
    announce();
    return true;
  }

  // The marks are taken off before any update is swapped in (its cells
  // are drawn from the server's), and the choice is forgotten once the
  // position changes (other paths) or the move sent was answered. An
  // update that sends the same paths again (the whole page, as a socket
  // opens or comes back) keeps the choice: a player quick to click as the
  // page connects does not lose it.
  document.addEventListener("htmx:wsBeforeMessage", restore);
  document.addEventListener("htmx:wsAfterMessage", function () {
    var el = document.getElementById("paths");
    var text = el ? el.dataset.paths || "" : "";
    if (sent || text !== treeText) clear();
    draw();
  });
  document.addEventListener("DOMContentLoaded", draw);
  document.addEventListener("htmx:wsClose", reset);
  // Escape on the board drops the choice.
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape" || !picks.length || sent) return;
    if (!(e.target.closest && e.target.closest("[data-testid=board]"))) return;
    e.preventDefault();
    reset();
  });

  window.boardroomPick = pick;
})();
