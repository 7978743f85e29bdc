package play

import (
	"context"
	"sync"
	"time"
)

// The lobby's lists pushed as they change: every lobby page asks, over
// the site's socket, to be told of its page of the lists (/site/ws
// ?live=N&done=M, or {"lists":{"live":N,"done":M}} after it turned a
// page), and is sent {"lists":VERSION} when that page's version is not
// the one it shows; it then fetches the lists (htmx), which the cache
// serves as just made. While any page watches, the node checks the
// watched pages of the lists every listsCheck: three small queries each
// (lists), the lists made again only when their summaries changed. The
// store is the whole site's, so a change made on another node is seen
// alike.

// listsCheck is how often the watched lists are checked: what an accepted
// open challenge takes at most to leave every lobby (it took 4.75 s when
// pages polled every 4 s a list cached for 3).
const listsCheck = 250 * time.Millisecond

// listsWatcher is one page watching its page of the lists.
type listsWatcher struct {
	key listsKey
	// versions takes the latest version; one not yet sent gives way to
	// the next.
	versions chan string
}

// listsWatch keeps a node's watchers and checks their lists while there
// are any.
type listsWatch struct {
	mu       sync.Mutex
	watchers map[*listsWatcher]bool
	running  bool
}

// watchLists makes a watcher of the lists at key; the first watcher starts
// the checks. Its first version comes with the first check.
func (a *Area) watchLists(key listsKey) *listsWatcher {
	w := &listsWatcher{key: key, versions: make(chan string, 1)}
	lw := &a.listsWatch
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.watchers == nil {
		lw.watchers = map[*listsWatcher]bool{}
	}
	lw.watchers[w] = true
	if !lw.running {
		lw.running = true
		go a.checkLists()
	}
	return w
}

// unwatchLists ends a watcher.
func (a *Area) unwatchLists(w *listsWatcher) {
	lw := &a.listsWatch
	lw.mu.Lock()
	defer lw.mu.Unlock()
	delete(lw.watchers, w)
}

// checkLists checks the watched pages of the lists every listsCheck and
// tells their watchers each new version, until no page watches.
func (a *Area) checkLists() {
	lw := &a.listsWatch
	told := map[*listsWatcher]string{}
	tick := time.NewTicker(listsCheck)
	defer tick.Stop()
	for {
		lw.mu.Lock()
		if len(lw.watchers) == 0 {
			lw.running = false
			lw.mu.Unlock()
			return
		}
		byKey := map[listsKey][]*listsWatcher{}
		for w := range lw.watchers {
			byKey[w.key] = append(byKey[w.key], w)
		}
		lw.mu.Unlock()
		for key, ws := range byKey {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			l, err := a.lists(ctx, key, listsCheck)
			cancel()
			if err != nil {
				continue // told at a later check
			}
			for _, w := range ws {
				if told[w] == l.Version {
					continue
				}
				told[w] = l.Version
				select {
				case <-w.versions: // an older version not sent yet
				default:
				}
				w.versions <- l.Version
			}
		}
		for w := range told {
			if !lw.has(w) {
				delete(told, w)
			}
		}
		<-tick.C
	}
}

func (lw *listsWatch) has(w *listsWatcher) bool {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	return lw.watchers[w]
}
