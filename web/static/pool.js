// Quick pairing (the lobby's pools): a press on a pool's button waits in
// that pool for as long as the page keeps a socket open to /pool/ws, and
// goes to the room the server pairs it into. Cancel, another pool, or
// leaving the page ends the wait at once (the server sees the socket
// close). The buttons stay off until this script runs: without it there
// is no waiting.
(() => {
  "use strict";
  const section = document.querySelector(".quick-pairing");
  if (!section) return;
  const waiting = section.querySelector("[data-testid=pool-waiting]");
  const text = section.querySelector("[data-pool-text]");
  const waited = section.querySelector("[data-pool-waited]");
  const note = section.querySelector("[data-pool-note]");
  const status = section.querySelector("[data-pool-status]");
  let ws = null, ticker = null, pressed = null, going = false;
  // Whether quick pairing may give a bot (signed-in players only): off
  // until ticked, then remembered by the browser.
  const bots = section.querySelector("input[name=bots]");
  if (bots) {
    try { bots.checked = localStorage.getItem("pool-bots") === "1"; } catch { /* storage off: unticked */ }
    bots.addEventListener("change", () => {
      try { localStorage.setItem("pool-bots", bots.checked ? "1" : "0"); } catch { /* not remembered */ }
    });
  }

  for (const b of section.querySelectorAll("button[data-pool]")) b.disabled = false;

  const clock = (ms) => {
    const s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  };

  // stop ends the wait on the page; a message says why, when it was not
  // the player's own doing.
  function stop(message) {
    if (ws) {
      ws.onclose = null;
      if (ws.readyState <= WebSocket.OPEN) ws.close();
    }
    ws = null;
    clearInterval(ticker);
    ticker = null;
    waiting.hidden = true;
    if (pressed) pressed.setAttribute("aria-pressed", "false");
    pressed = null;
    note.hidden = !message;
    note.textContent = message || "";
  }

  // statusText says how a wait goes (the server's {"status":…}): how many
  // wait in the pool, and how wide a signed-in player's rating range is.
  function statusText(st) {
    const others = Math.max(0, (st.in_pool || 1) - 1);
    const parts = [others === 0 ? "Nobody else is waiting in this pool yet" :
      others === 1 ? "1 other player is waiting in this pool" : others + " other players are waiting in this pool"];
    if (st.open) parts.push("any rating will do now");
    else if (st.range) parts.push("looking within " + (Math.floor(st.range / 50) * 50) + " of your rating, widening");
    return parts.join("; ") + ".";
  }

  function enter(button) {
    stop("");
    status.textContent = "";
    pressed = button;
    button.setAttribute("aria-pressed", "true");
    text.textContent = "Looking for an opponent: " + button.getAttribute("aria-label").replace(", ", " · ");
    waited.textContent = "0:00";
    waiting.hidden = false;
    const start = Date.now();
    ticker = setInterval(() => { waited.textContent = clock(Date.now() - start); }, 1000);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(scheme + "//" + location.host + "/pool/ws?pool=" + encodeURIComponent(button.dataset.pool) +
      (bots && bots.checked ? "&bots=1" : ""));
    ws = socket;
    socket.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.status) {
        const words = statusText(m.status);
        if (status.textContent !== words) status.textContent = words;
      } else if (m.room) {
        going = true;
        text.textContent = "Opponent found: to the game…";
        location.assign(m.room);
      } else if (m.error) {
        stop(m.error);
      } else if (m.left) {
        stop("You are waiting in another pool, in another tab.");
      }
    };
    socket.onclose = (ev) => {
      if (ws !== socket || going) return;
      if (ev.code === 4401) { // logged out: the lobby again, as a guest
        going = true;
        location.reload();
        return;
      }
      stop("The connection was lost: press again to wait.");
    };
  }

  section.addEventListener("click", (e) => {
    const pool = e.target.closest("button[data-pool]");
    if (pool) {
      if (pool === pressed) return;
      enter(pool);
      return;
    }
    if (e.target.closest("[data-action=cancel-pool]") && ws) {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ cancel: true }));
      stop("");
    }
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && ws) stop("");
  });
  // A page brought back from the back-forward cache has no socket.
  addEventListener("pageshow", (e) => { if (e.persisted) { going = false; stop(""); } });
})();
