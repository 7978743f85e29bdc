//go:build race

package bishops

const raceEnabled = true
