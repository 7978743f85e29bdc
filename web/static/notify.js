// Notifications, for a player who asks for them with the header's bell.
// In a room, while the page is hidden (another tab, a minimised window),
// they are told when it becomes their move or a friend takes the free seat.
// A signed-in player's bell also subscribes this device to Web Push (on
// every page): the server then pushes a notification when it is their move
// in a game played across days and no page of theirs is open, or their time
// runs short (the service worker, sw.js, shows it). Permission is asked only
// when the bell is pressed; a refusal is kept to (the bell then says
// notifications are blocked), and the choice is remembered by the browser.
// The bell's data-push says where this device stands: "unsupported" (no
// Web Push in this browser), "denied", "subscribed" or "unsubscribed".
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
  function signedIn() { return document.body.hasAttribute("data-signed-in"); }
  // pushable: this browser can be sent a push with no page of the site open.
  function pushable() { return supported() && "serviceWorker" in navigator && "PushManager" in window; }

  // pushed: this device's PushManager holds a subscription (read at load).
  var pushed = false;

  function pushState() {
    if (!pushable()) return "unsupported";
    if (Notification.permission === "denied") return "denied";
    return pushed ? "subscribed" : "unsubscribed";
  }

  function paint() {
    var btn = document.querySelector("[data-action=notify]");
    if (!btn) return;
    btn.hidden = !supported() || !(seated() || signedIn());
    if (btn.hidden) return;
    var on = enabled(), blocked = Notification.permission === "denied", pushing = signedIn() && pushable();
    btn.setAttribute("aria-pressed", String(on && (pushed || seated())));
    btn.classList.toggle("blocked", blocked);
    if (signedIn()) btn.setAttribute("data-push", pushState());
    var label = blocked ? "Notifications are blocked for this site in your browser's settings"
      : on && pushed ? "Notifications on: this device is told when it is your move, even with the site closed"
        : on && seated() ? "Notifications on: you are told when it is your move while this tab is hidden"
          : pushing ? "Notify me on this device when it is my move, even with the site closed"
            : seated() ? "Notify me when it is my move while this tab is hidden"
              : "This browser cannot be told of your moves with the site closed";
    btn.setAttribute("aria-label", label);
    btn.title = label;
  }

  // tell says what the bell did; a failure (lasting) stays until the next
  // word, so that it can be read whatever the time it took.
  function tell(text, lasting) {
    var el = document.querySelector("[data-testid=notify-note]") || document.querySelector("[data-testid=bell-note]");
    if (!el) return;
    el.textContent = text;
    clearTimeout(tell.timer);
    if (!lasting) tell.timer = setTimeout(function () { el.textContent = ""; }, 6000);
  }

  // ready is the service worker's registration, or an error when it does
  // not come (a worker that failed to install never makes ready resolve).
  function ready() {
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () {
        reject(new Error("The site's service worker is not running in this browser, so it cannot be told with the site closed."));
      }, 5000);
      navigator.serviceWorker.ready.then(function (reg) { clearTimeout(timer); resolve(reg); });
    });
  }

  // problem is the reason in a refused answer ({"error"}), in words.
  function problem(resp) {
    return resp.json().then(function (b) { return b.error; }, function () { return ""; }).then(function (text) {
      return text || "The server did not take this device (" + resp.status + "); try again in a moment.";
    });
  }

  function keyBytes(b64) {
    var s = atob(b64.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((b64.length + 3) % 4));
    return Uint8Array.from(s, function (c) { return c.charCodeAt(0); });
  }

  // subscribe subscribes this device at its push service with the site's
  // key, and gives the server the subscription; a refusal is taken back.
  function subscribe() {
    return Promise.all([fetch("/push/key", { credentials: "same-origin" }).then(function (resp) {
      return resp.ok ? resp.json() : problem(resp).then(function (text) { throw new Error(text); });
    }), ready()]).then(function (got) {
      return got[1].pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(got[0].key) }).catch(function (err) {
        throw new Error("This browser could not subscribe at its push service" + (err && err.message ? " (" + err.message + ")" : "") + ".");
      });
    }).then(function (sub) {
      return fetch("/push/subscriptions", {
        method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(sub),
      }).then(function (resp) {
        if (resp.ok) return;
        return problem(resp).then(function (text) { sub.unsubscribe(); throw new Error(text); });
      });
    }).then(function () { pushed = true; });
  }

  // unsubscribe takes this device's subscription back, here and at the
  // server (which would drop it anyway at its next push, answered 410).
  function unsubscribe() {
    return ready().then(function (reg) { return reg.pushManager.getSubscription(); }).then(function (sub) {
      if (!sub) return;
      return fetch("/push/subscriptions", {
        method: "DELETE", credentials: "same-origin", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ endpoint: sub.endpoint }),
      }).catch(function () { /* the server drops it at its next push */ }).then(function () { return sub.unsubscribe(); });
    }).then(function () { pushed = false; });
  }

  function turnOn() {
    if (!signedIn() || !pushable()) {
      tell("Notifications on: you will be told when it is your move while this tab is hidden.");
      return;
    }
    tell("Turning notifications on for this device…");
    subscribe().then(function () {
      tell("Notifications on: this device is told when it is your move, even with the site closed.");
    }, function (err) {
      tell("Notifications on only while a tab of the site is open: " + err.message, true);
    }).then(paint);
  }

  function turnOff() {
    remember(false);
    paint();
    if (!pushed) {
      tell("Notifications off.");
      return;
    }
    unsubscribe().then(function () { tell("Notifications off on this device."); }, function (err) {
      tell("Notifications off, but this device could not be unsubscribed: " + err.message, true);
    }).then(paint);
  }

  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("[data-action=notify]") || !supported()) return;
    if (!seated() && !pushable()) {
      tell("This browser cannot be sent notifications with the site closed (it has no Web Push). In a game, the bell still tells you of your move while its tab is hidden.");
      return;
    }
    if (enabled() && (pushed || seated())) {
      turnOff();
      return;
    }
    if (Notification.permission === "denied") {
      tell("Notifications are blocked for this site: allow them in your browser's settings to be told.");
      paint();
      return;
    }
    Notification.requestPermission().then(function (p) {
      remember(p === "granted");
      if (p === "granted") turnOn();
      else tell("No notifications: your browser was not allowed to show them.");
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

  // deviceID is the account page's name for this device (push.DeviceID:
  // the first 16 bytes of the endpoint's SHA-256, base64url).
  function deviceID(endpoint) {
    return crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint)).then(function (sum) {
      return btoa(String.fromCharCode.apply(null, new Uint8Array(sum).slice(0, 16)))
        .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    });
  }

  // markThisDevice marks this browser's row on the account page; its
  // Remove unsubscribes the browser too, so the bell does not go on saying
  // it is subscribed.
  function markThisDevice(sub) {
    var inputs = document.querySelectorAll("[data-testid=push-device] input[name=device]");
    if (!sub || !inputs.length || !window.crypto || !crypto.subtle) return;
    deviceID(sub.endpoint).then(function (id) {
      inputs.forEach(function (input) {
        if (input.value !== id) return;
        var badge = document.createElement("span");
        badge.className = "badge";
        badge.setAttribute("data-testid", "this-device");
        badge.textContent = "this browser";
        input.closest("li").querySelector("strong").after(badge);
        input.form.addEventListener("submit", function (e) {
          e.preventDefault();
          sub.unsubscribe().catch(function () { /* the server's removal is what counts */ }).then(function () { input.form.submit(); });
        });
      });
    });
  }

  // stillSent is this browser's subscription if the server still sends to
  // it, else null, the subscription taken back: it was removed on the
  // account page from another device, or dropped as gone.
  function stillSent(sub) {
    if (!sub || !window.crypto || !crypto.subtle) return sub;
    return Promise.all([deviceID(sub.endpoint), fetch("/push/subscriptions", { credentials: "same-origin" }).then(function (resp) {
      return resp.ok ? resp.json() : null;
    })]).then(function (got) {
      if (!got[1] || got[1].devices.indexOf(got[0]) >= 0) return sub; // unknown: as the browser has it
      return sub.unsubscribe().then(function () { return null; }, function () { return null; });
    }, function () { return sub; });
  }

  document.addEventListener("DOMContentLoaded", function () {
    look();
    paint();
    if (!signedIn() || !pushable()) return;
    ready().then(function (reg) { return reg.pushManager.getSubscription(); }).then(stillSent).then(function (sub) {
      pushed = !!sub;
      paint();
      markThisDevice(sub);
    }, function () { /* no worker: not subscribed */ });
  });
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
