// Boardroom's display name. The browser remembers the name its person gives
// (localStorage), fills it into every empty name field (the lobby's form, a
// room's Join) and hands it to the server in a cookie, which a room's
// WebSocket carries: that is how a spectator is named in the chat. Without
// one it makes a guest's name, "Guest" and a number. It is the first of the
// deferred scripts, so that the cookie is set before htmx opens the room's
// socket. The server cleans every name it is given; cleaning here only keeps
// the fields tidy.
(function () {
  "use strict";
  var MAX = 24;
  function clean(s) {
    s = String(s || "").replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, " ");
    return Array.from(s.replace(/\s+/g, " ").trim()).slice(0, MAX).join("").trim();
  }
  function stored() { try { return localStorage.getItem("name") || ""; } catch (e) { return ""; } }
  function remember(name) {
    try { localStorage.setItem("name", name); } catch (e) { /* private mode: the cookie still carries it */ }
    document.cookie = "boardroom_name=" + encodeURIComponent(name) + "; path=/; max-age=31536000; samesite=lax" +
      (location.protocol === "https:" ? "; secure" : "");
  }
  var name = clean(stored()) || "Guest " + (1000 + Math.floor(Math.random() * 9000));
  remember(name);

  function fill() {
    document.querySelectorAll("input[data-name-input]").forEach(function (el) { if (!el.value) el.value = name; });
  }
  // What is typed is remembered at once: an update may redraw the Join
  // form while its field is being edited, and fill puts the name back.
  document.addEventListener("input", function (e) {
    if (!e.target.matches || !e.target.matches("input[data-name-input]")) return;
    var typed = clean(e.target.value);
    if (typed) { name = typed; remember(typed); }
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fill);
  else fill();
  document.addEventListener("htmx:wsAfterMessage", fill);
})();
