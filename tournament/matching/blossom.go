package matching

import "slices"

// addBlossom makes a new blossom with base base, through the edge k
// between two outer blossoms of one tree.
func (m *matcher) addBlossom(base, k int) {
	v, w := m.endpoint[2*k], m.endpoint[2*k+1]
	bb, bv, bw := m.inblossom[base], m.inblossom[v], m.inblossom[w]
	b := m.unusedblossoms[len(m.unusedblossoms)-1]
	m.unusedblossoms = m.unusedblossoms[:len(m.unusedblossoms)-1]
	m.blossombase[b] = base
	m.blossomparent[b] = -1
	m.blossomparent[bb] = b
	// The cycle: from the base back up v's side, then down w's side.
	var path, endps []int
	for bv != bb {
		m.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelend[bv])
		v = m.endpoint[m.labelend[bv]]
		bv = m.inblossom[v]
	}
	path = append(path, bb)
	slices.Reverse(path)
	slices.Reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		m.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelend[bw]^1)
		w = m.endpoint[m.labelend[bw]]
		bw = m.inblossom[w]
	}
	m.blossomchilds[b], m.blossomendps[b] = path, endps
	m.label[b] = outer
	m.labelend[b] = m.labelend[bb]
	m.dualvar[b] = 0
	m.leaves(b, func(v int) {
		if m.label[m.inblossom[v]] == inner {
			// An inner vertex becomes outer: its edges are scanned now.
			m.queue = append(m.queue, v)
		}
		m.inblossom[v] = b
	})
	// The new blossom's least-slack edges to each other outer blossom.
	bestedgeto := fill(2*m.n, -1)
	for _, bv := range path {
		var lists [][]int
		if m.blossombestedges[bv] == nil {
			m.leaves(bv, func(v int) {
				ks := make([]int, len(m.neighbend[v]))
				for i, p := range m.neighbend[v] {
					ks[i] = p / 2
				}
				lists = append(lists, ks)
			})
		} else {
			lists = [][]int{m.blossombestedges[bv]}
		}
		for _, ks := range lists {
			for _, k := range ks {
				j := m.endpoint[2*k+1]
				if m.inblossom[j] == b {
					j = m.endpoint[2*k]
				}
				bj := m.inblossom[j]
				if bj != b && m.label[bj] == outer && (bestedgeto[bj] == -1 || m.slack(k) < m.slack(bestedgeto[bj])) {
					bestedgeto[bj] = k
				}
			}
		}
		m.blossombestedges[bv] = nil
		m.bestedge[bv] = -1
	}
	best := []int{} // not nil: computed, perhaps empty
	for _, k := range bestedgeto {
		if k != -1 {
			best = append(best, k)
		}
	}
	m.blossombestedges[b] = best
	m.bestedge[b] = -1
	for _, k := range m.blossombestedges[b] {
		if m.bestedge[b] == -1 || m.slack(k) < m.slack(m.bestedge[b]) {
			m.bestedge[b] = k
		}
	}
}

// expandBlossom undoes blossom b: at the end of a stage (endStage) when its
// dual is zero, or during one when it is an inner blossom whose dual
// reached zero, relabelling its children along the tree.
func (m *matcher) expandBlossom(b int, endStage bool) {
	for _, s := range m.blossomchilds[b] {
		m.blossomparent[s] = -1
		switch {
		case s < m.n:
			m.inblossom[s] = s
		case endStage && m.dualvar[s] == 0:
			m.expandBlossom(s, endStage)
		default:
			m.leaves(s, func(v int) { m.inblossom[v] = s })
		}
	}
	if !endStage && m.label[b] == inner {
		childs, endps := m.blossomchilds[b], m.blossomendps[b]
		entrychild := m.inblossom[m.endpoint[m.labelend[b]^1]]
		j := slices.Index(childs, entrychild)
		jstep, endptrick := -1, 1
		if j&1 != 0 {
			// Odd: go forward and wrap around.
			j -= len(childs)
			jstep, endptrick = 1, 0
		}
		// Relabel the even path from the entry child to the base.
		p := m.labelend[b]
		for j != 0 {
			m.label[m.endpoint[p^1]] = free
			m.label[m.endpoint[at(endps, j-endptrick)^endptrick^1]] = free
			m.assignLabel(m.endpoint[p^1], inner, p)
			m.allowedge[at(endps, j-endptrick)/2] = true
			j += jstep
			p = at(endps, j-endptrick) ^ endptrick
			m.allowedge[p/2] = true
			j += jstep
		}
		// The base's child becomes inner, without labelling its mate.
		bv := at(childs, j)
		m.label[m.endpoint[p^1]], m.label[bv] = inner, inner
		m.labelend[m.endpoint[p^1]], m.labelend[bv] = p, p
		m.bestedge[bv] = -1
		// The children off that path: those reached by an edge from
		// outside get their labels again.
		j += jstep
		for at(childs, j) != entrychild {
			bv = at(childs, j)
			if m.label[bv] == outer {
				j += jstep
				continue
			}
			found := -1
			m.leaves(bv, func(v int) {
				if found == -1 && m.label[v] != free {
					found = v
				}
			})
			if found != -1 {
				m.label[found] = free
				m.label[m.endpoint[m.mate[m.blossombase[bv]]]] = free
				m.assignLabel(found, inner, m.labelend[found])
			}
			j += jstep
		}
	}
	m.label[b], m.labelend[b] = free, -1
	m.blossomchilds[b], m.blossomendps[b] = nil, nil
	m.blossombase[b] = -1
	m.blossombestedges[b] = nil
	m.bestedge[b] = -1
	m.unusedblossoms = append(m.unusedblossoms, b)
}

// augmentBlossom swaps the matched and unmatched edges along the even path
// from vertex v inside blossom b to its base, making v the new base.
func (m *matcher) augmentBlossom(b, v int) {
	t := v
	for m.blossomparent[t] != b {
		t = m.blossomparent[t]
	}
	if t >= m.n {
		m.augmentBlossom(t, v)
	}
	childs, endps := m.blossomchilds[b], m.blossomendps[b]
	i := slices.Index(childs, t)
	j := i
	jstep, endptrick := -1, 1
	if i&1 != 0 {
		j -= len(childs)
		jstep, endptrick = 1, 0
	}
	for j != 0 {
		j += jstep
		t = at(childs, j)
		p := at(endps, j-endptrick) ^ endptrick
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += jstep
		t = at(childs, j)
		if t >= m.n {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	// Rotate the cycle so that the new base comes first.
	m.blossomchilds[b] = append(slices.Clone(childs[i:]), childs[:i]...)
	m.blossomendps[b] = append(slices.Clone(endps[i:]), endps[:i]...)
	m.blossombase[b] = m.blossombase[m.blossomchilds[b][0]]
}

// augmentMatching flips the augmenting path through edge k, from root to
// root.
func (m *matcher) augmentMatching(k int) {
	v, w := m.endpoint[2*k], m.endpoint[2*k+1]
	for _, sp := range [2][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		s, p := sp[0], sp[1]
		for {
			bs := m.inblossom[s]
			if bs >= m.n {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelend[bs] == -1 {
				break // a root
			}
			t := m.endpoint[m.labelend[bs]]
			bt := m.inblossom[t]
			s = m.endpoint[m.labelend[bt]]
			j := m.endpoint[m.labelend[bt]^1]
			if bt >= m.n {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelend[bt]
			p = m.labelend[bt] ^ 1
		}
	}
}
