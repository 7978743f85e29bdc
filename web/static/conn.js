// The room's connection as the player sees it: when the socket is lost the
// page says so at the top (in view, also scrolled down on a phone), dims the
// board, tells screen readers once, and tries again by itself; when it is
// back it says that too. Nothing sent while it is lost is taken, so nothing
// is sent: app.js keeps a typed move and says it was not sent, and the
// buttons here say the same instead of queueing a stale message.
(function () {
  "use strict";
  if (!window.htmx) return;

  // htmx's ws extension waits a random time up to 2^n s between tries (up
  // to 64 s) and cannot be told to try now. The page keeps its own
  // schedule: it gives the extension a wait it never reaches (setTimeout's
  // longest) and reconnects the extension's socket itself.
  htmx.config.wsReconnectDelay = function () { return 2147483647; };

  // The socket made last: a close of any other one (replaced) is old news.
  var current = null;
  var make = htmx.createWebSocket;
  htmx.createWebSocket = function (url) { current = make(url); return current; };

  // The wait before try n (from 0): within a second at first, so that pages
  // come back quickly after a restart but not all at the same moment, then
  // 1–2 s, 2–4 s and from then on 2.5–5 s, randomised.
  function wait(n) {
    if (n === 0) return Math.random() * 1000;
    var most = Math.min(5000, 1000 * Math.pow(2, n));
    return most / 2 + Math.random() * most / 2;
  }
  // A close with one of these codes means the page itself is at fault:
  // trying again would be refused the same way.
  var final = { 1003: true, 1007: true, 1008: true, 1009: true, 1010: true };

  var wrapper = null; // the extension's socket, whose reconnect makes a new one
  var state = "new";  // "open", "closed" (a try is due) or "connecting"
  var tries = 0, timer = 0, lost = false, backTimer = 0;
  // Leaving the page closes its socket: that is no lost connection.
  var leaving = false;

  function room() { return document.querySelector("main.room"); }
  function say(text, back) {
    var el = document.getElementById("conn-status");
    if (!el || el.textContent === text) return;
    el.textContent = text;
    el.classList.toggle("back", !!back);
  }
  function showLost(text) {
    clearTimeout(backTimer);
    lost = true;
    var r = room();
    if (r) r.classList.add("conn-lost");
    // The dimmed board and its banner are out of play: no click, no
    // focus, nothing read out from them, until the room is back.
    document.querySelectorAll("main.room .play").forEach(function (p) { p.inert = true; });
    say(text);
  }

  function tryNow() {
    clearTimeout(timer);
    timer = 0;
    if (state !== "closed" || !wrapper) return;
    state = "connecting";
    tries++;
    wrapper.reconnect();
  }
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(tryNow, wait(tries));
  }
  // The network is back, or the player looks at the page again: a timer
  // may have been slowed down in a hidden tab, so try at once.
  function soon() {
    if (state !== "closed") return;
    tries = 0;
    tryNow();
  }

  document.addEventListener("htmx:wsOpen", function (e) {
    wrapper = e.detail.socketWrapper;
    state = "open";
    tries = 0;
    if (!lost) return;
    lost = false;
    var r = room();
    if (r) r.classList.remove("conn-lost");
    document.querySelectorAll("main.room .play").forEach(function (p) { p.inert = false; });
    document.querySelectorAll("[data-testid=move-note]").forEach(function (n) { n.textContent = ""; });
    say("Connected again.", true);
    backTimer = setTimeout(function () { say(""); }, 4000);
  });
  document.addEventListener("htmx:wsClose", function (e) {
    var ev = e.detail.event;
    if (ev && current && ev.target !== current) return;
    wrapper = e.detail.socketWrapper;
    state = "closed";
    if (leaving) return;
    // The session the page was opened with has ended (logged out here or
    // everywhere): drawn again, the page is a guest's.
    if (ev && ev.code === 4401) {
      location.reload();
      return;
    }
    if (ev && final[ev.code]) {
      showLost("The connection was closed. Reload the page to go on.");
      return;
    }
    showLost("Connection lost — reconnecting…");
    schedule();
  });
  window.addEventListener("online", soon);
  window.addEventListener("pagehide", function () { leaving = true; });
  // Back from the browser's page cache: the socket closed meanwhile.
  window.addEventListener("pageshow", function () {
    leaving = false;
    if (state === "closed") {
      showLost("Connection lost — reconnecting…");
      soon();
    }
  });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) soon(); });
  // The browser knows the network is gone: say it now rather than when
  // the socket notices, and close it, so nothing is written into the void.
  window.addEventListener("offline", function () {
    if (state !== "open" || !current) return;
    showLost("Connection lost — reconnecting…");
    current.close(4000, "offline");
  });

  // A button that would send over the socket while it is lost says it was
  // not sent (the extension would queue it, to send it later against a game
  // that may have moved on).
  document.addEventListener("htmx:wsConfigSend", function (e) {
    if (!lost) return;
    e.preventDefault();
    say("Not sent: you are offline. Reconnecting…");
  });
})();
