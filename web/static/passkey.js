// passkey.js: passkeys (WebAuthn) on the account page ("Add a passkey",
// [data-action=add-passkey]) and the log-in page ("Log in with a passkey",
// [data-action=passkey-login]). Each is two posts: begin (the server's
// options, with a challenge) and finish (what the browser's passkey made
// of them). The binary fields travel as base64url, converted here by hand.
// Without WebAuthn (an old browser, or a page not served over HTTPS) the
// buttons are disabled and the page says why.
(function () {
  "use strict";

  var add = document.querySelector("[data-action=add-passkey]");
  var login = document.querySelector("[data-action=passkey-login]");
  var button = add || login;
  if (!button) return;
  var errorBox = document.querySelector("[data-testid=passkey-error]");
  var note = document.querySelector("[data-testid=passkey-note]");

  if (!window.PublicKeyCredential || !navigator.credentials || !window.isSecureContext) {
    button.disabled = true;
    button.setAttribute("aria-describedby", "passkey-unavailable");
    note.id = "passkey-unavailable";
    note.hidden = false;
    return;
  }

  function say(text) {
    errorBox.textContent = text;
  }

  // base64url text to an ArrayBuffer, and back.
  function toBuffer(text) {
    var b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    while (b64.length % 4) b64 += "=";
    var bin = atob(b64);
    var bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes.buffer;
  }
  function toText(buffer) {
    var bytes = new Uint8Array(buffer);
    var bin = "";
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // A refusal of the server's carries its sentence; these are the
  // browser's own.
  function ServerRefusal(text) {
    this.text = text;
  }
  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? "" : JSON.stringify(body),
    }).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (data) {
        if (!res.ok) throw new ServerRefusal(data.error || "The passkey could not be checked; try again.");
        return data;
      });
    });
  }

  function explain(err) {
    if (err instanceof ServerRefusal) return err.text;
    switch (err && err.name) {
      case "NotAllowedError":
        return "No passkey was used: it was cancelled, or took too long.";
      case "InvalidStateError":
        return "This device holds a passkey for your account already.";
      case "SecurityError":
        return "Passkeys cannot be used at this address.";
      case "TypeError":
        return "The server could not be reached; check your connection and try again.";
      default:
        return "The passkey could not be checked; try again.";
    }
  }

  // The credential as JSON, its binary fields in base64url.
  function credentialJSON(cred) {
    var r = cred.response;
    var out = {
      id: cred.id, rawId: toText(cred.rawId), type: cred.type,
      clientExtensionResults: cred.getClientExtensionResults ? cred.getClientExtensionResults() : {},
      response: { clientDataJSON: toText(r.clientDataJSON) },
    };
    if (cred.authenticatorAttachment) out.authenticatorAttachment = cred.authenticatorAttachment;
    if (r.attestationObject) {
      out.response.attestationObject = toText(r.attestationObject);
      if (r.getTransports) out.response.transports = r.getTransports();
    }
    if (r.authenticatorData) {
      out.response.authenticatorData = toText(r.authenticatorData);
      out.response.signature = toText(r.signature);
      if (r.userHandle) out.response.userHandle = toText(r.userHandle);
    }
    return out;
  }

  function addPasskey() {
    return post("/passkey/register/begin").then(function (options) {
      var pk = options.publicKey;
      pk.challenge = toBuffer(pk.challenge);
      pk.user.id = toBuffer(pk.user.id);
      (pk.excludeCredentials || []).forEach(function (c) { c.id = toBuffer(c.id); });
      return navigator.credentials.create({ publicKey: pk });
    }).then(function (cred) {
      return post("/passkey/register/finish", credentialJSON(cred));
    });
  }

  function logIn() {
    return post("/passkey/login/begin").then(function (options) {
      var pk = options.publicKey;
      pk.challenge = toBuffer(pk.challenge);
      (pk.allowCredentials || []).forEach(function (c) { c.id = toBuffer(c.id); });
      return navigator.credentials.get({ publicKey: pk });
    }).then(function (cred) {
      var next = button.getAttribute("data-next") || "/";
      return post("/passkey/login/finish?next=" + encodeURIComponent(next), credentialJSON(cred));
    });
  }

  button.addEventListener("click", function () {
    say("");
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    (add ? addPasskey() : logIn()).then(function (done) {
      location.assign(done.next || "/");
    }, function (err) {
      say(explain(err));
      button.disabled = false;
      button.removeAttribute("aria-busy");
    });
  });
})();
