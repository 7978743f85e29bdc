package ai

// Zobrist returns n pseudo-random 64-bit keys from a fixed seed
// (splitmix64), for a position's hash: a fixed seed makes hashes, and
// therefore searches, repeat from run to run.
func Zobrist(n int, seed uint64) []uint64 {
	out := make([]uint64, n)
	x := seed
	for i := range out {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		out[i] = z ^ z>>31
	}
	return out
}
