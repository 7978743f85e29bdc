// Sounds and alerts in a room: a sound for a move, a capture, your turn and
// low time (under a quarter of the move clock), made with the Web Audio API
// (no files to fetch); a mute toggle the browser remembers; and "Your move"
// in the tab's title while the tab is in the background.
//
// Each sound played is also written to body[data-last-sound] (with a
// count), which is how the browser tests hear it.
(function () {
  "use strict";

  function muted() { try { return localStorage.getItem("muted") === "true"; } catch (e) { return false; } }
  var audio = null;
  var played = 0;
  var tones = {
    move: [[520, 0.07]],
    capture: [[330, 0.09], [220, 0.12]],
    turn: [[660, 0.08], [880, 0.1]],
    low: [[990, 0.05]]
  };
  function play(name) {
    if (muted()) return;
    played++;
    document.body.dataset.lastSound = name + " " + played;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      var t = audio.currentTime;
      tones[name].forEach(function (tone) {
        var osc = audio.createOscillator(), gain = audio.createGain();
        osc.frequency.value = tone[0];
        gain.gain.setValueAtTime(0.15, t);
        gain.gain.exponentialRampToValueAtTime(0.001, t + tone[1]);
        osc.connect(gain).connect(audio.destination);
        osc.start(t);
        osc.stop(t + tone[1]);
        t += tone[1];
      });
    } catch (e) { /* no audio here: the alert is only visual */ }
  }

  function syncMute() {
    document.querySelectorAll("[data-action=mute]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(muted()));
      b.textContent = muted() ? "♪̸" : "♪";
    });
  }
  document.addEventListener("click", function (e) {
    if (!e.target.closest || !e.target.closest("[data-action=mute]")) return;
    try { localStorage.setItem("muted", String(!muted())); } catch (err) { /* private mode */ }
    syncMute();
  });
  document.addEventListener("DOMContentLoaded", syncMute);

  // What the page showed before an update, to tell what the update did.
  var before = null;
  function look() {
    var banner = document.getElementById("banner");
    return {
      moves: document.querySelectorAll("[data-testid=move]").length,
      pieces: document.querySelectorAll("[data-testid=board] .piece").length,
      yourTurn: !!banner && banner.classList.contains("your-turn")
    };
  }
  document.addEventListener("htmx:wsBeforeMessage", function () { before = look(); });
  document.addEventListener("htmx:wsAfterMessage", function () {
    var now = look();
    if (before && !document.querySelector(".live.replaying")) {
      if (now.yourTurn && !before.yourTurn) play("turn");
      else if (now.moves > before.moves) play(now.pieces < before.pieces ? "capture" : "move");
    }
    if (before && now.moves !== before.moves) lowWarned = false; // a new turn, a new warning
    title(now.yourTurn);
  });

  // Low time: once a turn, when the clock falls under a quarter of its period.
  var lowWarned = false;
  setInterval(function () {
    var clock = document.querySelector("[data-testid=clock][data-running=true]");
    var banner = document.getElementById("banner");
    if (!clock || !banner || !banner.classList.contains("your-turn") || clock.dataset.firstMove === "true") return;
    var arrived = Number(clock.dataset.arrived || Date.now());
    var left = Number(clock.dataset.remainingMs) - (Date.now() - arrived);
    if (!lowWarned && left < Number(clock.dataset.totalMs) / 4) {
      lowWarned = true;
      play("low");
    }
  }, 250);

  // The tab's title says it is your move while you look elsewhere.
  var baseTitle = document.title;
  function title(yourTurn) {
    var away = document.hidden || !document.hasFocus();
    document.title = yourTurn && away ? "Your move · " + baseTitle : baseTitle;
  }
  document.addEventListener("visibilitychange", function () { title(!!document.querySelector(".banner.your-turn")); });
  window.addEventListener("focus", function () { title(false); });
})();
