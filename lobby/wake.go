package lobby

import "sync"

// wake is how the lobby's loops are woken before their next tick: someone
// entered a pool, a page opened or closed, a challenge was made. Wakes
// that come while one waits are one.
type wake struct {
	once sync.Once
	ch   chan struct{}
}

// c is the channel a loop waits on.
func (w *wake) c() <-chan struct{} {
	w.once.Do(func() { w.ch = make(chan struct{}, 1) })
	return w.ch
}

// now wakes the loop.
func (w *wake) now() {
	w.c()
	select {
	case w.ch <- struct{}{}:
	default:
	}
}
