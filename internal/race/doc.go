// Package race says whether the program was built with the race detector
// (go test -race), for the tests that scale their deepest work down under
// it: the detector makes a search or a count several times slower, so such
// a test checks a sample, or a shallower depth, rather than run for minutes.
// It is the one home of that check (a pair of build-tagged files).
package race
