//go:build !linux

package engine

// lowerThread does nothing where threads' priorities are not set.
func lowerThread() {}
