//go:build !unix

package realtime

import (
	"errors"
	"syscall"
)

// canWriteNow says writeNow works here: not without write(2).
const canWriteNow = false

var errWouldBlock = errors.New("the socket would block")

func writeNow(syscall.RawConn, []byte) (int, error) { return 0, errWouldBlock }
