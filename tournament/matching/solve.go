package matching

// solve runs the stages: each grows alternating trees from the single
// vertices over tight edges, and either augments the matching along a path
// between two roots or changes the duals until it can, or until no dual
// change helps (the matching is then optimal).
func (m *matcher) solve() {
	n := m.n
	for range n {
		for b := range 2 * n {
			m.label[b] = free
			m.bestedge[b] = -1
		}
		for b := n; b < 2*n; b++ {
			m.blossombestedges[b] = nil
		}
		clear(m.allowedge)
		m.queue = m.queue[:0]
		for v := range n {
			if m.mate[v] == -1 && m.label[m.inblossom[v]] == free {
				m.assignLabel(v, outer, -1)
			}
		}
		augmented := false
		for {
			augmented = m.scan()
			if augmented || !m.changeDuals() {
				break
			}
		}
		if !augmented {
			return
		}
		// Outer blossoms whose dual reached zero are undone.
		for b := n; b < 2*n; b++ {
			if m.blossomparent[b] == -1 && m.blossombase[b] >= 0 && m.label[b] == outer && m.dualvar[b] == 0 {
				m.expandBlossom(b, true)
			}
		}
	}
}

// scan grows the trees from the queued outer vertices over tight edges. It
// returns true when it augmented the matching.
func (m *matcher) scan() bool {
	for len(m.queue) > 0 {
		v := m.queue[len(m.queue)-1]
		m.queue = m.queue[:len(m.queue)-1]
		for _, p := range m.neighbend[v] {
			k, w := p/2, m.endpoint[p]
			if m.inblossom[v] == m.inblossom[w] {
				continue // inside one blossom
			}
			var kslack int64
			if !m.allowedge[k] {
				if kslack = m.slack(k); kslack <= 0 {
					m.allowedge[k] = true
				}
			}
			switch {
			case m.allowedge[k] && m.label[m.inblossom[w]] == free:
				m.assignLabel(w, inner, p^1)
			case m.allowedge[k] && m.label[m.inblossom[w]] == outer:
				if base := m.scanBlossom(v, w); base >= 0 {
					m.addBlossom(base, k)
				} else {
					m.augmentMatching(k)
					return true
				}
			case m.allowedge[k] && m.label[w] == free:
				// w is inside an inner blossom, not yet reached.
				m.label[w] = inner
				m.labelend[w] = p ^ 1
			case m.allowedge[k]:
			case m.label[m.inblossom[w]] == outer:
				b := m.inblossom[v]
				if m.bestedge[b] == -1 || kslack < m.slack(m.bestedge[b]) {
					m.bestedge[b] = k
				}
			case m.label[w] == free:
				if m.bestedge[w] == -1 || kslack < m.slack(m.bestedge[w]) {
					m.bestedge[w] = k
				}
			}
		}
	}
	return false
}

// changeDuals makes the least dual change that lets the search go on, and
// reports whether it can (false: the matching is optimal).
func (m *matcher) changeDuals() bool {
	n := m.n
	kind, edge, blossom := 0, -1, -1
	var delta int64
	better := func(d int64) bool { return kind == 0 || d < delta }
	if !m.maxCard {
		// 1: a single vertex's dual reaches zero.
		kind, delta = 1, m.dualvar[0]
		for v := range n {
			delta = min(delta, m.dualvar[v])
		}
	}
	for v := range n {
		// 2: an edge from an outer blossom to a free vertex becomes tight.
		if m.label[m.inblossom[v]] == free && m.bestedge[v] != -1 {
			if d := m.slack(m.bestedge[v]); better(d) {
				kind, delta, edge = 2, d, m.bestedge[v]
			}
		}
	}
	for b := range 2 * n {
		// 3: an edge between two outer blossoms becomes tight.
		if m.blossomparent[b] == -1 && m.label[b] == outer && m.bestedge[b] != -1 {
			if d := m.slack(m.bestedge[b]) / 2; better(d) {
				kind, delta, edge = 3, d, m.bestedge[b]
			}
		}
	}
	for b := n; b < 2*n; b++ {
		// 4: an inner blossom's dual reaches zero.
		if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 && m.label[b] == inner && better(m.dualvar[b]) {
			kind, delta, blossom = 4, m.dualvar[b], b
		}
	}
	if kind == 0 {
		// With maximum cardinality and no other move: the duals go down
		// as far as they may, and the search ends.
		kind, delta = 1, max(0, minDual(m.dualvar[:n]))
	}
	for v := range n {
		switch m.label[m.inblossom[v]] {
		case outer:
			m.dualvar[v] -= delta
		case inner:
			m.dualvar[v] += delta
		}
	}
	for b := n; b < 2*n; b++ {
		if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 {
			switch m.label[b] {
			case outer:
				m.dualvar[b] += delta
			case inner:
				m.dualvar[b] -= delta
			}
		}
	}
	switch kind {
	case 1:
		return false
	case 2, 3:
		m.allowedge[edge] = true
		i, j := m.endpoint[2*edge], m.endpoint[2*edge+1]
		if kind == 2 && m.label[m.inblossom[i]] == free {
			i = j
		}
		m.queue = append(m.queue, i)
	case 4:
		m.expandBlossom(blossom, false)
	}
	return true
}

func minDual(d []int64) int64 {
	if len(d) == 0 {
		return 0
	}
	out := d[0]
	for _, x := range d[1:] {
		out = min(out, x)
	}
	return out
}
