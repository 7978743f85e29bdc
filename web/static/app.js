// Boardroom's page script: the move clock's countdown, the copy button and
// what a click or a typed move sends over the room's socket (conn.js shows
// the connection itself). Everything else is htmx over the WebSocket.
(function () {
  "use strict";

  // The server sends the time left when it rendered the clock; count down
  // from the moment this element arrived.
  function tickClocks() {
    document.querySelectorAll("[data-testid=clock][data-running=true]").forEach(function (el) {
      if (!el.dataset.arrived) el.dataset.arrived = String(Date.now());
      var left = Number(el.dataset.remainingMs) - (Date.now() - Number(el.dataset.arrived));
      var s = Math.max(0, Math.ceil(left / 1000));
      var t = el.querySelector(".time");
      if (t) t.textContent = s >= 3600 ? daysLeft(Math.floor(left / 1000)) : Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
      el.classList.toggle("low", left < 5000);
    });
  }
  setInterval(tickClocks, 200);

  // A correspondence clock's time left in days and hours, or hours and
  // minutes under a day, as the server writes it (vocab.Left).
  function daysLeft(s) {
    var day = 86400, days = Math.floor(s / day), h = Math.floor((s % day) / 3600);
    if (days > 0) return (days === 1 ? "1 day" : days + " days") + " " + h + " h";
    return h + " h " + Math.floor((s % 3600) / 60) + " min";
  }

  // The flip control turns the board round for this page only (the room
  // keeps the class across updates); the server turns it for the second seat.
  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("[data-action=flip]")) return;
    var room = document.querySelector("main.room");
    if (room) room.classList.toggle("user-flip");
  });

  // The zoom control makes a big board's cells finger-sized in a box that
  // scrolls; like the flip, it is this page's and survives updates.
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("[data-action=zoom]");
    if (!btn) return;
    var room = document.querySelector("main.room");
    if (!room) return;
    var on = room.classList.toggle("user-zoom");
    document.querySelectorAll("[data-action=zoom]").forEach(function (b) { b.setAttribute("aria-pressed", String(on)); });
  });

  // A Copy button copies its field; where the browser will not (no
  // clipboard outside HTTPS, a refusal), the text is left selected for the
  // keyboard's copy. Its status line, if any, says which, for screen
  // readers too.
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("[data-copy]");
    if (!btn) return;
    var input = document.querySelector(btn.dataset.copy);
    if (!input) return;
    var status = document.querySelector('[data-copy-status="' + btn.dataset.copy + '"]');
    var say = function (text) { if (status) status.textContent = text; };
    var copied = function () {
      btn.textContent = "Copied";
      say("Copied");
      setTimeout(function () { btn.textContent = "Copy"; }, 1500);
    };
    var selectIt = function () {
      input.focus();
      input.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
      if (ok) copied();
      else say("Selected: press Ctrl+C (⌘C on a Mac) to copy it.");
    };
    say("");
    input.select();
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(input.value).then(copied, selectIt);
    else selectIt();
  });

  // A field shown to be copied (a bot's new token, focused as the page
  // opens) is selected whole when it takes the focus.
  document.addEventListener("focusin", function (e) {
    if (e.target.matches && e.target.matches("input.token-field")) e.target.select();
  });
  if (document.activeElement && document.activeElement.matches("input.token-field")) document.activeElement.select();

  // A record file chosen in the lobby is read into the record field, which
  // the form sends (without script, paste the record instead).
  document.addEventListener("change", function (e) {
    if (!e.target.matches || !e.target.matches("[data-record-file]") || !e.target.files.length) return;
    var area = e.target.form && e.target.form.querySelector("textarea[name=record]");
    var file = e.target.files[0];
    if (!area || file.size > 256 * 1024) return;
    file.text().then(function (text) { area.value = text; });
  });

  // While the connection is lost (conn.js says so at the top) nothing a
  // player does can be taken: it is not sent, and never silently.
  function offline() {
    return document.body.dataset.socket !== "open" || !!document.querySelector("main.room.conn-lost");
  }
  // A click on a board cell sends {"cell":"ROW,COL"} over the room's socket,
  // unless it is a step of a move that pick.js builds in the page. One
  // listener for the whole page, set once: cells carry no message of their
  // own (updates stay small), and a click is never lost while a new board
  // is being swapped in.
  var socket = null;
  function send(msg) { if (socket) socket.send(JSON.stringify(msg)); }
  document.addEventListener("click", function (e) {
    var cell = e.target.closest ? e.target.closest("[data-testid=board] [data-cell]") : null;
    if (!cell || !socket || offline()) return;
    if (window.boardroomPick && window.boardroomPick(cell, send)) return;
    send({ cell: cell.dataset.cell });
  });

  // The move box sends the move typed, in the game's notation; the room
  // answers as for a click (an illegal move is refused with a message).
  document.addEventListener("submit", function (e) {
    if (!e.target.matches || !e.target.matches("#move-form")) return;
    e.preventDefault();
    var input = e.target.querySelector("input[name=move]");
    if (!input || !input.value.trim() || !socket) return;
    // Lost: the move stays in the box, with a word that it was not sent.
    var note = e.target.querySelector("[data-testid=move-note]");
    if (offline()) {
      if (!note) {
        note = document.createElement("p");
        note.className = "move-note";
        note.dataset.testid = "move-note";
        note.setAttribute("role", "alert");
        e.target.appendChild(note);
      }
      note.textContent = "Not sent: you are offline";
      return;
    }
    if (note) note.textContent = "";
    socket.send(JSON.stringify({ move: input.value.trim() }));
    input.value = "";
  });

  // Conditional moves (a game played across days): the Conditional moves
  // button opens and closes the editor, which stays as it was across
  // updates; Add line sends the line typed ({"forecast_add":"…"}), Delete
  // one line or all ({"forecast_drop":N}, 0 for all). The room answers
  // with the lines stored, or says why not.
  var forecastOpen = false, forecastRefocus = false;
  function showForecast() {
    var btn = document.getElementById("forecast-toggle");
    var editor = document.getElementById("forecast-editor");
    if (!btn || !editor) return;
    btn.setAttribute("aria-expanded", String(forecastOpen));
    editor.hidden = !forecastOpen;
    var lost = !document.activeElement || document.activeElement === document.body;
    if (forecastRefocus && lost) btn.focus({ preventScroll: true });
    forecastRefocus = false;
  }
  document.addEventListener("click", function (e) {
    if (!e.target.closest) return;
    if (e.target.closest("[data-action=forecast]")) {
      forecastOpen = !forecastOpen;
      showForecast();
      var input = forecastOpen && document.getElementById("forecast-text");
      if (input) input.focus();
      return;
    }
    var drop = e.target.closest("[data-forecast-drop]");
    if (drop && socket && !offline()) {
      forecastRefocus = true; // the button goes with its line: focus stays in the editor
      send({ forecast_drop: Number(drop.dataset.forecastDrop) });
    }
  });
  document.addEventListener("submit", function (e) {
    if (!e.target.matches || !e.target.matches("#forecast-form")) return;
    e.preventDefault();
    var input = e.target.querySelector("input[name=forecast_add]");
    if (!input || !input.value.trim() || !socket) return;
    if (offline()) return; // the banner says so; the line stays in the box
    send({ forecast_add: input.value.trim() });
    input.value = "";
  });
  document.addEventListener("htmx:wsAfterMessage", showForecast);

  // Resign, abort and new game ask again on the page before anything is
  // sent: the first click shows the question in the button's place, with
  // the button that sends the action (focused) and Cancel; Escape or Cancel
  // puts the button back. An update that redraws the controls keeps the
  // question open.
  var confirming = null;
  function openConfirm(action, focus) {
    var ask = document.querySelector("[data-confirm=" + action + "]");
    var box = document.getElementById("confirm-" + action);
    if (!ask || !box || ask.disabled) { confirming = null; return; }
    confirming = action;
    ask.hidden = true;
    ask.setAttribute("aria-expanded", "true");
    box.hidden = false;
    if (focus) box.querySelector("[ws-send]").focus();
  }
  function closeConfirm() {
    var action = confirming;
    confirming = null;
    var ask = action && document.querySelector("[data-confirm=" + action + "]");
    var box = action && document.getElementById("confirm-" + action);
    if (box) box.hidden = true;
    if (ask) { ask.hidden = false; ask.setAttribute("aria-expanded", "false"); ask.focus(); }
  }
  document.addEventListener("click", function (e) {
    if (!e.target.closest) return;
    var ask = e.target.closest("[data-confirm]");
    if (ask) {
      if (confirming && confirming !== ask.dataset.confirm) closeConfirm();
      openConfirm(ask.dataset.confirm, true);
    } else if (e.target.closest("[data-confirm-cancel]")) {
      closeConfirm();
    } else if (confirming && e.target.closest("#confirm-" + confirming + " [ws-send]")) {
      confirming = null; // sent: the update that follows shows its result
    }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape" || !confirming || !e.target.closest || !e.target.closest(".confirm")) return;
    e.preventDefault();
    e.stopImmediatePropagation(); // not also a step back to the live position
    closeConfirm();
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (confirming) openConfirm(confirming, false);
  });

  // Looking back: a click on a move in the list shows the position after it
  // ({"ply":N}); ← and → step through the positions and Escape returns to
  // the live one (not while typing, nor on the board, whose arrows move
  // between cells).
  document.addEventListener("click", function (e) {
    var move = e.target.closest ? e.target.closest("[data-testid=move][data-ply]") : null;
    if (move && socket) socket.send(JSON.stringify({ ply: Number(move.dataset.ply) }));
  });
  var stepKeys = { ArrowLeft: "replay-prev", ArrowRight: "replay-next", Escape: "replay-exit" };
  document.addEventListener("keydown", function (e) {
    var action = stepKeys[e.key];
    if (!action || !socket || e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target;
    if (t.closest && (t.closest("input, textarea, select, [contenteditable], [data-testid=board]"))) return;
    if (!document.querySelector("[data-testid=move]")) return;
    e.preventDefault();
    socket.send(JSON.stringify({ action: action }));
  });

  // body[data-socket] tells styles (and browser tests) whether the room is live.
  document.addEventListener("htmx:wsOpen", function (e) {
    socket = e.detail.socketWrapper;
    document.body.dataset.socket = "open";
    // A finished game linked from the lobby (#replay) opens in its replay, from the start.
    if (location.hash === "#replay") {
      history.replaceState(null, "", location.pathname + location.search);
      socket.send(JSON.stringify({ action: "replay-first" }));
    }
    // An open challenge accepted in the lobby takes the free seat as the
    // page connects, when this page may take it (its Join shows): whoever
    // is first has it; anyone later is told the seats are taken.
    if (acceptedHere()) {
      var join = document.querySelector("form[data-testid=join] [data-action=join]");
      if (join && join.checkVisibility()) join.click();
    }
  });

  // Accepting an open challenge is the site's own flow: the lobby's Accept
  // notes, in this tab's sessionStorage, the room it leads to and when, and
  // the room's page takes the seat only when it finds that note, fresh, and
  // for itself. A link (another site's too) can carry nothing there: a
  // room opened any other way shows Join, and seats nobody without a click.
  var acceptKey = "boardroom-accept";
  document.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a[data-action=accept-seek]") : null;
    if (!a) return;
    try {
      sessionStorage.setItem(acceptKey, JSON.stringify({ room: new URL(a.href).pathname, at: Date.now() }));
    } catch (err) { /* no storage: the room shows Join */ }
  });
  function acceptedHere() {
    var note = null;
    try {
      note = JSON.parse(sessionStorage.getItem(acceptKey) || "null");
      sessionStorage.removeItem(acceptKey); // once
    } catch (err) { return false; }
    return !!note && note.room === location.pathname && Date.now() - note.at < 30000;
  }
  document.addEventListener("htmx:wsClose", function () { document.body.dataset.socket = "closed"; });

  // Keep the computer's details open across updates once opened.
  var detailsOpen = false;
  document.addEventListener("toggle", function (e) {
    if (e.target.id === "bot-details") detailsOpen = e.target.open;
  }, true);
  document.addEventListener("htmx:wsAfterMessage", function () {
    var d = document.getElementById("bot-details");
    if (d && detailsOpen && !d.open) d.open = true;
  });

  // Keep keyboard focus on the same cell or button after the board is redrawn.
  var focused = null;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var a = document.activeElement;
    focused = a && a.id ? a.id : null;
  });
  // Keep the latest move in view, unless the reader has scrolled back up the list.
  var movesAtEnd = true;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var list = document.getElementById("moves");
    movesAtEnd = !list || list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  });
  function followMoves() {
    var list = document.getElementById("moves");
    if (!list) return;
    if (document.querySelector(".live.replaying")) {
      var cur = list.querySelector(".current");
      if (cur) list.scrollTop = Math.max(0, cur.offsetTop - list.offsetTop - list.clientHeight / 2);
    } else if (movesAtEnd) {
      list.scrollTop = list.scrollHeight;
    }
  }
  document.addEventListener("DOMContentLoaded", followMoves);
  document.addEventListener("htmx:wsAfterMessage", function () {
    var room = document.querySelector("main.room");
    var zoomed = String(!!room && room.classList.contains("user-zoom"));
    document.querySelectorAll("[data-action=zoom]").forEach(function (b) { b.setAttribute("aria-pressed", zoomed); });
    followMoves();
    tickClocks();
    if (focused) {
      var el = document.getElementById(focused);
      if (el) el.focus({ preventScroll: true });
    }
  });
  // The lobby's link to its open challenges, at the top (a phone's first
  // screen), keeps their count as the lists below refresh.
  document.addEventListener("htmx:afterSettle", function () {
    var count = document.querySelector("[data-seek-count]");
    if (count) count.textContent = String(document.querySelectorAll("[data-testid=seek]").length);
  });
})();
