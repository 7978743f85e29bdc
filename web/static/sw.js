// Boardroom's service worker, served at /sw.js (the site's whole scope)
// with the build's version and the files to keep filled in by the server:
// a deploy changes the version, so browsers install the new worker, which
// fills a new cache and drops the old one.
//
// What it does: the static files (versioned URLs that never change) come
// from the cache; pages come from the network, the copies of the lobby
// (fetched at install) and of the rules (as visited) kept for when it
// fails, and a page that cannot be fetched is answered with its copy, else
// the lobby's, marked offline (the page then says "You are offline" and
// creates no room). Anything else — the room's WebSocket, the lobby's
// lists, records, POSTs — is left to the network as it is. The copies are
// a guest's: a page drawn for a signed-in player (Cache-Control: private)
// names them, and is not kept, so that a shared computer offline shows
// nobody's name; the lobby's copy is fetched without cookies.
"use strict";

// Replaced by the server; these values serve only to keep the file valid.
const CONFIG = {"version":"dev","precache":[],"pages":[]};

const CACHE = "boardroom-" + CONFIG.version;

self.addEventListener("install", function (event) {
  // The static files and the lobby, all or the worker is not installed;
  // the other pages' copies are kept as they are visited.
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(CONFIG.precache.map(function (u) {
      return new Request(u, { credentials: "omit" });
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) {
      return n.indexOf("boardroom-") === 0 && n !== CACHE;
    }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// kept says whether a page's copy is kept for offline use: the lobby and
// the rules, not rooms (a room's copy would show a game long moved on).
function kept(url) {
  return url.search === "" && CONFIG.pages.indexOf(url.pathname) >= 0;
}

// anybodys says a response is the same for anyone (not drawn for a
// signed-in player), so that its copy may be kept.
function anybodys(response) {
  return !/\b(private|no-store)\b/.test(response.headers.get("Cache-Control") || "");
}

// marked is a page's copy with data-offline on its html element.
function marked(copy) {
  return copy.text().then(function (text) {
    var headers = new Headers(copy.headers);
    headers.delete("Content-Length");
    return new Response(text.replace("<html", '<html data-offline="true"'), { status: 200, headers: headers });
  });
}

function page(request, url) {
  return fetch(request).then(function (response) {
    if (response.ok && !response.redirected && kept(url) && anybodys(response)) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { return cache.put(url.pathname, copy); });
    }
    return response;
  }, function (err) {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(kept(url) ? url.pathname : "/").then(function (copy) {
        return copy || cache.match("/");
      });
    }).then(function (copy) {
      if (!copy) throw err;
      return marked(copy);
    });
  });
}

function asset(request) {
  return caches.match(request).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { return cache.put(request, copy); });
      }
      return response;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request, url));
  } else if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/games.css") {
    event.respondWith(asset(request));
  }
});

// A click on a notification (notify.js) brings its room's tab forward, or
// opens the room when that tab is gone.
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var target = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (list) {
    for (var i = 0; i < list.length; i++) {
      if (new URL(list[i].url).pathname === new URL(target, self.location.origin).pathname && "focus" in list[i]) {
        return list[i].focus();
      }
    }
    return self.clients.openWindow(target);
  }));
});

// A Web Push from the server (package push): it is the player's move in a
// correspondence game, or their time runs short, and no page of theirs is
// open. The payload is {title, body, url, tag}; a url that is not a path
// on this site is not followed.
//
// Pushes are shown one after another, in the order they came: Chromium
// loads each notification's icon before it shows it, and two pushes of a
// room arriving together (a move, then the time's alarm) could otherwise
// be shown in the order their icons loaded, the older replacing the newer.
var showing = Promise.resolve();
self.addEventListener("push", function (event) {
  var m = {};
  try { m = event.data ? event.data.json() : {}; } catch (err) { m = { body: event.data ? event.data.text() : "" }; }
  var url = typeof m.url === "string" && m.url.charAt(0) === "/" && m.url.charAt(1) !== "/" ? m.url : "/games";
  var shown = showing.then(function () {
    return self.registration.showNotification(m.title || "Boardroom", {
      body: m.body || "",
      tag: m.tag || "boardroom-push",
      icon: "/static/icons/icon-192.png",
      data: { url: url },
    });
  });
  showing = shown.catch(function () {});
  event.waitUntil(shown);
});

// The browser renewed or dropped a subscription: tell the server the new
// one, so pushes keep reaching this device (the old one answers 410 and is
// dropped by the server then).
self.addEventListener("pushsubscriptionchange", function (event) {
  var options = event.oldSubscription && event.oldSubscription.options;
  if (!options) return;
  event.waitUntil(self.registration.pushManager.subscribe(options).then(function (sub) {
    return fetch("/push/subscriptions", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(sub),
    });
  }));
});
