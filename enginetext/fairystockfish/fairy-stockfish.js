// Fairy-Stockfish as a UCI program on standard input and output, for
// Boardroom's engine bridge (enginetext, "uci:"). Fairy-Stockfish is npm's
// fairy-stockfish-nnue.wasm (GPL-3, by Fabian Fichter and the Stockfish
// authors): an outside program, installed beside this file by npm and run
// under Node as a process of its own, never linked into Boardroom.
"use strict";

// Node's global fetch makes the Emscripten loader fetch the .wasm file as
// a URL, which fails: without it the loader reads the file.
delete globalThis.fetch;

const path = require("path");
const readline = require("readline");
const Stockfish = require(path.join(__dirname, "node_modules", "fairy-stockfish-nnue.wasm", "stockfish.js"));

Stockfish().then(function (engine) {
  engine.addMessageListener(function (line) { process.stdout.write(line + "\n"); });
  const input = readline.createInterface({ input: process.stdin });
  input.on("line", function (line) {
    if (line.trim() === "quit") {
      engine.postMessage("quit");
      process.exit(0);
    }
    engine.postMessage(line);
  });
  // The bridge closed our input: it is gone, and so are we.
  input.on("close", function () { process.exit(0); });
}, function (err) {
  process.stderr.write("fairy-stockfish: " + err + "\n");
  process.exit(1);
});
