package engine

import (
	"runtime"
	"syscall"
)

// searchNice is how much lower than the rest of the server a search's
// thread runs (Linux nice values; 10 is about a tenth of the share): the
// rooms' own work (a person's move, an update to send) takes a core from
// a search at once, and a search takes whatever the rooms leave.
const searchNice = 10

// lowerThread locks the calling goroutine to its thread and lowers the
// thread's priority by searchNice. The caller must exit without unlocking:
// the runtime then ends the thread, so no other goroutine inherits its
// priority (raising it back is not allowed to an ordinary process).
func lowerThread() {
	runtime.LockOSThread()
	tid := syscall.Gettid()
	if prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid); err == nil {
		// The raw syscall returns 20 − nice.
		syscall.Setpriority(syscall.PRIO_PROCESS, tid, min(19, 20-prio+searchNice))
	}
}
