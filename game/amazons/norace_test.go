//go:build !race

package amazons

// raceEnabled is true under the race detector, which makes the deepest perft
// tests too slow to run.
const raceEnabled = false
