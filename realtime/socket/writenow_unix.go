//go:build unix

package socket

import "syscall"

// canWriteNow says writeNow works here.
const canWriteNow = true

// writeNow makes one write(2) of b on the socket and never waits: the
// runtime keeps sockets non-blocking, and the function given to raw
// reports itself done whatever the result, so a full socket buffer comes
// back as errWouldBlock instead of parking the caller until it drains.
func writeNow(raw syscall.RawConn, b []byte) (int, error) {
	var n int
	var werr error
	err := raw.Write(func(fd uintptr) bool {
		for {
			n, werr = syscall.Write(int(fd), b)
			if werr != syscall.EINTR {
				return true
			}
		}
	})
	switch {
	case err != nil:
		return 0, err
	case werr == syscall.EAGAIN:
		return 0, errWouldBlock
	case werr != nil:
		return 0, werr
	}
	return n, nil
}
