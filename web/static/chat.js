// The room's chat. The form sends {"chat": text} over the room's socket
// (the one htmx opened); the server cleans, limits, stores and shows it,
// and a refusal comes back as the page's message. Each line's time is
// shown in the reader's own clock, the log follows the newest line unless
// the reader has scrolled back, and a player may hide the spectators'
// lines (a toggle the browser remembers; players' lines always show).
(function () {
  "use strict";

  var socket = null;
  document.addEventListener("htmx:wsOpen", function (e) { socket = e.detail.socketWrapper; });
  document.addEventListener("submit", function (e) {
    var form = e.target.closest && e.target.closest("form[data-testid=chat]");
    if (!form) return;
    e.preventDefault();
    var input = form.querySelector("input[name=text]");
    var text = input.value.trim();
    if (!text || !socket) return; // nothing to say, or not connected yet: the text stays
    socket.send(JSON.stringify({ chat: text }));
    input.value = "";
  });

  function pad(n) { return String(n).padStart(2, "0"); }
  function localTimes() {
    document.querySelectorAll("#chat-log time[datetime]:not([data-local])").forEach(function (t) {
      var d = new Date(t.getAttribute("datetime"));
      if (isNaN(d.getTime())) return;
      t.textContent = pad(d.getHours()) + ":" + pad(d.getMinutes());
      t.dataset.local = "true";
    });
  }

  var hide = false;
  try { hide = localStorage.getItem("chat-hide-spectators") === "true"; } catch (e) { /* private mode: this page only */ }
  function applyHide() {
    var room = document.querySelector("main.room");
    var box = document.querySelector("[data-chat-hide]");
    if (box) box.checked = hide;
    // Only a player has the toggle: a spectator's page shows every line.
    if (room) room.classList.toggle("hide-spectator-chat", hide && !!box);
  }
  document.addEventListener("change", function (e) {
    if (!e.target.matches || !e.target.matches("[data-chat-hide]")) return;
    hide = e.target.checked;
    try { localStorage.setItem("chat-hide-spectators", String(hide)); } catch (err) { /* this page only */ }
    applyHide();
  });

  var atEnd = true;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var log = document.getElementById("chat-log");
    atEnd = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  });
  function update() {
    localTimes();
    applyHide();
    var log = document.getElementById("chat-log");
    if (log && atEnd) log.scrollTop = log.scrollHeight;
  }
  document.addEventListener("DOMContentLoaded", update);
  document.addEventListener("htmx:wsAfterMessage", update);
})();
