//go:build !unix

package socket

import "syscall"

// canWriteNow says writeNow works here: not without write(2).
const canWriteNow = false

func writeNow(syscall.RawConn, []byte) (int, error) { return 0, errWouldBlock }
