// The site's socket, on every page of a signed-in player (/site/ws): it
// tells the site this player is online, shows the challenges waiting for
// their answer (the box the server draws) with Accept and Decline, keeps
// the header's list of the player's challenges current, says what became
// of the challenges this page shows as sent, counts down their time left,
// and goes to the room of a challenge accepted. On a player page it
// watches that player's presence, which the server tells as it changes. On
// the lobby, a guest's page too, it asks to be told when the lists of rooms
// change ({"lists":VERSION}), and has htmx fetch them then. On an event's
// page, a guest's too, it watches the event: the server sends its live part
// again as it changes ({"event":HTML}: status, podium, standings), and
// sends a player paired there to their game ({"go":"/r/ID"}), as it does
// from any page of a player in an event under way (their game ended, they
// are paired again); it counts down the times the pages show
// ([data-countdown]). It reconnects by itself after a loss. The
// challenges' buttons are forms, which work without it.
(() => {
  "use strict";
  const signedIn = document.body.hasAttribute("data-signed-in");
  const lists = () => document.getElementById("watch");
  // The event page's part the server sends again (web/events).
  const eventPage = document.getElementById("event");
  const eventLive = document.getElementById("event-live");
  const eventNews = document.getElementById("event-news");
  if (!signedIn && !lists() && !eventPage) return;
  const notices = document.getElementById("site-notices");
  let ws = null, tries = 0, going = false;
  // asked is the page of the lists the server was asked to watch.
  let asked = "";

  function listsPage() {
    const l = lists();
    return l ? { live: Number(l.dataset.live) || 1, done: Number(l.dataset.done) || 1 } : null;
  }

  // The lists were drawn anew: a page turned is asked for instead.
  document.addEventListener("htmx:afterSettle", () => {
    const p = listsPage();
    if (!p || !ws || ws.readyState !== WebSocket.OPEN) return;
    const key = p.live + "/" + p.done;
    if (key !== asked) {
      asked = key;
      send({ lists: p });
    }
  });

  function send(m) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(m));
  }

  // outgoing says, in the player page's boxes of the challenges sent,
  // what became of them.
  function outgoing(list) {
    for (const box of document.querySelectorAll("[data-testid=challenge-sent]")) {
      const mine = list.find((c) => c.id === box.dataset.challenge);
      if (!mine || mine.status === "pending") continue;
      const who = document.querySelector("h1") ? document.querySelector("h1").textContent : "They";
      const words = {
        accepted: who + " accepted: to the game…",
        declined: who + " declined your challenge (" + mine.text + ")" + (mine.reason ? ": " + mine.reason : "") + ".",
        expired: "No answer in time: the challenge (" + mine.text + ") has expired.",
        cancelled: "You withdrew the challenge.",
      };
      const text = box.querySelector("[data-challenge-text]");
      text.textContent = words[mine.status] || mine.status;
      if (mine.status === "accepted" && mine.room) { // a correspondence game: linked, not gone to
        text.textContent = who + " accepted: the game has begun. ";
        const a = document.createElement("a");
        a.href = mine.room;
        a.textContent = "Open the game";
        a.dataset.testid = "challenge-game";
        text.append(a);
      }
      for (const el of box.querySelectorAll(".challenge-actions, [data-testid=challenge-sent-offline]")) el.remove();
    }
  }

  // leftText says s seconds as the server does (ChallengeRow.Left): "1:45",
  // or, for a correspondence challenge's days, "13 days 23 h", "5 h 12 min".
  function leftText(s) {
    if (s < 3600) return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
    const days = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600);
    if (days > 0) return (days === 1 ? "1 day" : days + " days") + " " + h + " h";
    return h + " h " + Math.floor((s % 3600) / 60) + " min";
  }

  // tick counts down each challenge's time left; one expired leaves the
  // lists (the server's next picture agrees).
  function tick() {
    const now = Date.now();
    for (const el of document.querySelectorAll("[data-expires]")) {
      const left = Math.max(0, Math.round((Number(el.dataset.expires) - now) / 1000));
      el.textContent = leftText(left) + " left";
      if (left === 0) {
        const row = el.closest("[data-testid=challenge-row], [data-testid=challenge-incoming]");
        if (row) row.remove();
      }
    }
  }
  setInterval(tick, 1000);

  // countdown says the time to each [data-countdown] (Unix ms): "4:05 to
  // go", "2 h 10 min to go".
  function countdown() {
    const now = Date.now();
    for (const el of document.querySelectorAll("[data-countdown]")) {
      const left = Math.max(0, Math.round((Number(el.dataset.countdown) - now) / 1000));
      el.textContent = left > 0 ? "(" + leftText(left) + " to go)" : "";
    }
  }
  countdown();
  setInterval(countdown, 1000);

  // showEvent puts the event's new live part in place; a new status is
  // said once (#event-news, a polite status): the standings' changes are
  // not read out, they are there to be read.
  function showEvent(html) {
    if (!eventLive) return;
    const before = eventLive.querySelector("[data-status]");
    eventLive.innerHTML = html;
    const after = eventLive.querySelector("[data-status]");
    if (eventNews && before && after && before.dataset.status !== after.dataset.status) {
      eventNews.textContent = "The event's status: " + after.dataset.statusText + ".";
      eventActions(after.dataset.status);
    }
    markMe();
    countdown();
  }

  // markMe marks the viewer's own row of the standings (the server draws
  // them once for every watcher of a page, so their own row is marked here).
  function markMe() {
    const me = eventPage && eventPage.dataset.viewer;
    if (!me || !eventLive) return;
    for (const row of eventLive.querySelectorAll("[data-testid=standing]")) {
      row.classList.toggle("me", row.dataset.player === me);
    }
  }
  markMe();

  // eventActions keeps the viewer's actions true to a new status: once the
  // event starts, leaving is a pause (the words the server gave,
  // data-under-way) and it may no longer be started early.
  function eventActions(status) {
    if (status !== "started") return;
    for (const el of document.querySelectorAll(".event-actions [data-under-way]")) el.textContent = el.dataset.underWay;
    const start = document.querySelector(".event-actions [data-action=start-tournament]");
    if (start) start.form.remove();
  }

  // The player page's presence line, and its note that a challenge may go
  // unseen, kept as the server says the player comes and goes.
  const presence = document.querySelector("[data-presence-of]");

  function showPresence(p) {
    if (!presence || p.account.toLowerCase() !== presence.dataset.presenceOf.toLowerCase()) return;
    if (presence.classList.contains("online") === p.online) return;
    presence.classList.toggle("online", p.online);
    presence.replaceChildren();
    if (p.online) {
      const dot = document.createElement("span");
      dot.className = "dot";
      dot.setAttribute("aria-hidden", "true");
      presence.append(dot, "Online now");
    } else {
      presence.append("Not online");
    }
    const note = document.querySelector("[data-testid=challenge-offline]");
    if (note) note.hidden = p.online;
  }

  // menu puts the server's new header list in place, open if it was.
  function menu(html) {
    const old = document.getElementById("challenges-menu");
    if (!old) return;
    const wasOpen = !!old.querySelector("details[open]");
    const t = document.createElement("template");
    t.innerHTML = html;
    const fresh = t.content.firstElementChild;
    if (!fresh) return;
    const details = fresh.querySelector("details");
    if (details && wasOpen) details.open = true;
    old.replaceWith(fresh);
  }

  // turns puts the count of the player's games awaiting their move in the
  // header (the number shown, the words read out; hidden at none, and the
  // Games link in the phone's folded bar only with games awaiting). On
  // /games a changed count has the list drawn again, said in its status
  // line, the keyboard's focus kept on the game it was on.
  let shownTurns = null;
  function turns(n) {
    const words = (n === 1 ? "1 game" : n + " games") + " awaiting your move";
    for (const el of document.querySelectorAll("[data-testid=turn-count]")) {
      el.dataset.count = String(n);
      el.hidden = n === 0;
      const [num, said] = el.children;
      if (num) num.textContent = String(n);
      if (said) said.textContent = " (" + words + ")";
      const link = el.closest("[data-testid=games-link]");
      if (link) link.toggleAttribute("data-awaiting", n > 0);
    }
    const list = document.getElementById("my-games");
    if (list && shownTurns !== null && shownTurns !== n && window.htmx) {
      const held = list.contains(document.activeElement) ? document.activeElement.closest("[data-room]") : null;
      const room = held ? held.dataset.room : "";
      window.htmx.ajax("GET", "/games", { target: "#my-games", select: "#my-games", swap: "outerHTML" }).then(() => {
        const news = document.getElementById("my-games-news");
        if (news) news.textContent = "Your games were updated: " + words + ".";
        const again = room && document.querySelector("[data-testid=my-game][data-room='" + CSS.escape(room) + "'] [data-action=play]");
        if (again) again.focus();
      });
    }
    shownTurns = n;
  }

  // countDown counts down the time left on /games's live move clocks.
  function countDown() {
    const now = Date.now();
    for (const el of document.querySelectorAll("[data-deadline]")) {
      el.textContent = Math.max(0, Math.ceil((Number(el.dataset.deadline) - now) / 1000)) + " s left";
    }
  }
  setInterval(countDown, 1000);

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const p = listsPage();
    asked = p ? p.live + "/" + p.done : "";
    const params = new URLSearchParams();
    if (p) { params.set("live", p.live); params.set("done", p.done); }
    if (eventPage) {
      params.set("event", eventPage.dataset.event);
      params.set("room", eventPage.dataset.room || "");
      params.set("page", eventPage.dataset.page || "1");
    }
    const query = params.toString() ? "?" + params : "";
    const socket = new WebSocket(scheme + "//" + location.host + "/site/ws" + query);
    ws = socket;
    socket.onopen = () => {
      tries = 0;
      if (presence) send({ watch: presence.dataset.presenceOf });
    };
    socket.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.go) {
        if (location.pathname !== m.go) { // already there: stay, and keep the socket
          going = true;
          location.assign(m.go);
        }
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
      if (m.lists) {
        const l = lists();
        if (l && l.dataset.version !== m.lists && window.htmx) window.htmx.trigger(l, "lists");
      }
      if (typeof m.event === "string") showEvent(m.event);
      if (typeof m.menu === "string") menu(m.menu);
      if (m.presence) showPresence(m.presence);
      if (typeof m.turns === "number") turns(m.turns);
      if (m.outgoing) outgoing(m.outgoing);
      tick();
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

  // A challenge's button goes over the socket when it is open; else its
  // form is posted as without script.
  document.addEventListener("click", (e) => {
    const b = e.target.closest("[data-action][data-challenge]");
    if (!b || !ws || ws.readyState !== WebSocket.OPEN) return;
    const id = b.dataset.challenge;
    switch (b.dataset.action) {
      case "accept-challenge": send({ accept: id }); break;
      case "decline-challenge": send({ decline: id, reason: b.dataset.reason || "" }); break;
      case "cancel-challenge": send({ cancel: id }); break;
      default: return;
    }
    e.preventDefault();
    b.disabled = true;
  });
  addEventListener("pagehide", () => { going = true; if (ws) ws.close(); });
  addEventListener("pageshow", (e) => { if (e.persisted) { going = false; connect(); } });
  connect();
})();
