// The site's socket, on every page of a signed-in player (/site/ws): it
// tells the site this player is online, shows the challenges waiting for
// their answer (the box the server draws) with Accept and Decline, says
// what became of the challenge this page sent, and goes to the room of a
// challenge accepted. It reconnects by itself after a loss.
(() => {
  "use strict";
  if (!document.body.hasAttribute("data-signed-in")) return;
  const notices = document.getElementById("site-notices");
  let ws = null, tries = 0, going = false;

  function send(m) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m));
  }

  // sent is this page's own challenge, as the player page shows it.
  function sentBox() { return document.querySelector("[data-testid=challenge-sent]"); }

  function outgoing(list) {
    const box = sentBox();
    if (!box) return;
    const mine = list.find((c) => c.id === box.dataset.challenge);
    if (!mine || mine.status === "pending") return;
    const who = document.querySelector("h1") ? document.querySelector("h1").textContent : "They";
    const words = {
      accepted: who + " accepted: to the game…",
      declined: who + " declined your challenge (" + mine.text + ").",
      expired: "No answer in two minutes: the challenge (" + mine.text + ") has expired.",
      cancelled: "You withdrew the challenge.",
    };
    box.querySelector("[data-challenge-text]").textContent = words[mine.status] || mine.status;
    const cancel = box.querySelector("[data-action=cancel-challenge]");
    if (cancel) cancel.remove();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(scheme + "//" + location.host + "/site/ws");
    ws = socket;
    socket.onopen = () => { tries = 0; };
    socket.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.go) {
        going = true;
        if (location.pathname !== m.go) location.assign(m.go);
        return;
      }
      if (typeof m.incoming === "string" && notices) {
        const held = document.activeElement && notices.contains(document.activeElement) ? document.activeElement.dataset : null;
        notices.innerHTML = m.incoming;
        if (held && held.challenge) {
          const again = notices.querySelector("[data-challenge='" + held.challenge + "'] [data-action='" + held.action + "']");
          if (again) again.focus();
        }
      }
      if (m.outgoing) outgoing(m.outgoing);
      if (m.error && notices) {
        const p = document.createElement("p");
        p.className = "form-error";
        p.setAttribute("role", "alert");
        p.textContent = m.error;
        notices.append(p);
        setTimeout(() => p.remove(), 6000);
      }
    };
    socket.onclose = (ev) => {
      if (ws !== socket || going) return;
      // The session ended (logged out, here or elsewhere): the page is
      // drawn again as a guest's, which keeps no site socket.
      if (ev.code === 4401) { going = true; location.reload(); return; }
      tries++;
      setTimeout(connect, Math.min(10000, 500 * 2 ** Math.min(tries, 5)) * (0.5 + Math.random() / 2));
    };
  }

  document.addEventListener("click", (e) => {
    const b = e.target.closest("[data-action][data-challenge]");
    if (!b) return;
    const id = b.dataset.challenge;
    switch (b.dataset.action) {
      case "accept-challenge": send({ accept: id }); b.disabled = true; break;
      case "decline-challenge": send({ decline: id }); b.disabled = true; break;
      case "cancel-challenge": send({ cancel: id }); b.disabled = true; break;
    }
  });
  addEventListener("pagehide", () => { going = true; if (ws) ws.close(); });
  addEventListener("pageshow", (e) => { if (e.persisted) { going = false; connect(); } });
  connect();
})();
