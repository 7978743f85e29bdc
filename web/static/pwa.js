// The installable site, in the page: it registers the service worker
// (sw.js), and on a page the worker answered with its copy because the
// server could not be reached (html[data-offline]), or while the browser
// knows it is offline, it says "You are offline" and creates no room. Back
// online, the copy is replaced by the page itself.
(function () {
  "use strict";
  if ("serviceWorker" in navigator) {
    // Once the page has settled: filling the worker's cache should not
    // compete with what the visitor came for.
    window.addEventListener("load", function () {
      setTimeout(function () {
        navigator.serviceWorker.register("/sw.js").catch(function () { /* no worker: the site works as before */ });
      }, 1500);
    });
  }

  var copy = document.documentElement.dataset.offline === "true";
  function show() {
    var note = document.querySelector("[data-testid=offline-note]");
    // A room says it its own way, at the top of the board (conn.js).
    var off = (copy || navigator.onLine === false) && !document.querySelector("main.room");
    if (note) note.hidden = !off;
    document.documentElement.classList.toggle("is-offline", off);
    document.querySelectorAll("form[action='/rooms'] [type=submit]").forEach(function (b) {
      if (!b.dataset.label) b.dataset.label = b.textContent;
      b.disabled = off;
      b.textContent = off ? "You are offline: no new room" : b.dataset.label;
    });
  }
  document.addEventListener("DOMContentLoaded", show);
  window.addEventListener("offline", show);
  window.addEventListener("online", function () {
    if (copy) location.reload();
    else show();
  });
  // The server could not be reached though the network may be up: look
  // again every few seconds, and show the page itself once it answers.
  if (copy) {
    setInterval(function () {
      fetch("/healthz", { cache: "no-store" }).then(function (r) { if (r.ok) location.reload(); }, function () { /* still away */ });
    }, 5000);
  }
})();
