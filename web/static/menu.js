// The header's menu on a phone. app.css folds the site's links behind the
// Menu button only once this script has run (the class has-menu): without
// it they stay a row of their own, every one reachable. It runs in the
// head, before the page is drawn, so the links never show and then fold.
// The button (a real one: Enter and Space work) opens and closes the list;
// Escape closes it and gives the focus back to the button, as a click
// anywhere outside it closes it.
(function () {
  "use strict";
  document.documentElement.classList.add("has-menu");
  function menuButton() { return document.querySelector("[data-action=menu]"); }
  function isOpen(btn) { return btn.getAttribute("aria-expanded") === "true"; }
  function setOpen(btn, open) {
    btn.setAttribute("aria-expanded", String(open));
    var list = document.getElementById(btn.getAttribute("aria-controls"));
    if (list) list.classList.toggle("open", open);
  }
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("[data-action=menu]");
    if (btn) { setOpen(btn, !isOpen(btn)); return; }
    btn = menuButton();
    if (btn && isOpen(btn) && !e.target.closest("#" + btn.getAttribute("aria-controls"))) setOpen(btn, false);
  });
  document.addEventListener("keydown", function (e) {
    var btn = menuButton();
    if (e.key !== "Escape" || !btn || !isOpen(btn)) return;
    setOpen(btn, false);
    btn.focus();
  });
  // Back to a page kept whole by the browser (the back-forward cache): its
  // menu was left open by the link followed from it; it comes back folded.
  window.addEventListener("pageshow", function (e) {
    var btn = menuButton();
    if (e.persisted && btn) setOpen(btn, false);
  });
})();
