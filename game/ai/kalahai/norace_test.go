//go:build !race

package kalahai

// raceEnabled is true under the race detector, which makes each search
// see several times fewer positions in its budget: the tests whose time is
// a budget per position check a sample of the positions.
const raceEnabled = false
