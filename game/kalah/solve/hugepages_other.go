//go:build !linux

package solve

// adviseHuge does nothing off Linux.
func adviseHuge([]entry) {}
