// Browser notifications, for a player who asks for them with the room's
// bell: they are told when it becomes their move, or a friend takes the
// free seat, while the page is hidden (another tab, a minimised window).
// Permission is asked only when the bell is pressed; a refusal is kept to
// (the bell then says notifications are blocked), and the choice is
// remembered by the browser for every room.
(function () {
  "use strict";
  var KEY = "boardroom-notify";

  function supported() { return "Notification" in window; }
  function wanted() {
    try { return localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }
  function remember(on) {
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* this page only */ }
  }
  function enabled() { return supported() && wanted() && Notification.permission === "granted"; }
  function seated() { return !!document.querySelector("main.room .players .yours"); }

  function paint() {
    var btn = document.querySelector("[data-action=notify]");
    if (!btn) return;
    btn.hidden = !supported() || !seated();
    if (btn.hidden) return;
    var on = enabled(), blocked = Notification.permission === "denied";
    btn.setAttribute("aria-pressed", String(on));
    btn.classList.toggle("blocked", blocked);
    var label = blocked ? "Notifications are blocked for this site in your browser's settings"
      : on ? "Notifications on: you are told when it is your move while this tab is hidden"
        : "Notify me when it is my move while this tab is hidden";
    btn.setAttribute("aria-label", label);
    btn.title = label;
  }

  function tell(text) {
    var el = document.querySelector("[data-testid=notify-note]");
    if (!el) return;
    el.textContent = text;
    clearTimeout(tell.timer);
    tell.timer = setTimeout(function () { el.textContent = ""; }, 6000);
  }

  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("[data-action=notify]") || !supported()) return;
    if (enabled()) {
      remember(false);
      tell("Notifications off.");
      paint();
      return;
    }
    if (Notification.permission === "denied") {
      tell("Notifications are blocked for this site: allow them in your browser's settings to be told.");
      paint();
      return;
    }
    Notification.requestPermission().then(function (p) {
      remember(p === "granted");
      tell(p === "granted" ? "Notifications on: you will be told when it is your move while this tab is hidden." : "No notifications: your browser was not allowed to show them.");
      paint();
    });
  });

  // show makes a notification, from the page where it may, else from the
  // service worker (some systems, Android's, allow only that).
  function show(title, body) {
    if (!enabled() || !document.hidden) return;
    var opts = { body: body, tag: "boardroom" + location.pathname, icon: "/static/icons/icon-192.png", data: { url: location.pathname } };
    try {
      var n = new window.Notification(title, opts);
      n.onclick = function () { window.focus(); n.close(); };
    } catch (err) {
      if (navigator.serviceWorker) navigator.serviceWorker.ready.then(function (reg) { reg.showNotification(title, opts); });
    }
  }

  // What the last update showed: whose move it was and the seats still free.
  function yourMove() { return !!document.querySelector("#banner.your-turn"); }
  function freeSeats() {
    return Array.from(document.querySelectorAll("main.room .players .player .holder")).map(function (h) {
      return h.textContent.trim() === "Free seat";
    });
  }
  var wasYourMove = false, wasFree = [];
  function look() {
    wasYourMove = yourMove();
    wasFree = freeSeats();
  }
  function game() { return document.title.replace(/ · Boardroom$/, ""); }

  document.addEventListener("DOMContentLoaded", function () { look(); paint(); });
  document.addEventListener("htmx:wsAfterMessage", function () {
    var free = freeSeats(), holders = document.querySelectorAll("main.room .players .player .holder");
    var turn = yourMove() && !wasYourMove, joined = "";
    free.forEach(function (isFree, i) {
      if (wasFree[i] && !isFree && holders[i]) joined = holders[i].textContent.trim();
    });
    // One notification for one update: a friend who joins often makes it
    // the player's move at the same time.
    if (joined && seated()) show(joined + " joined your " + game() + " room", turn ? "It is your move." : "The game can start.");
    else if (turn) show("Your move", game() + " · Boardroom");
    look();
    paint();
  });
})();
