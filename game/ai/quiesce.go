package ai

// noisyPosition is a position with moves that change the evaluation too much
// to stop on (Mad Bishops' kills). At the horizon the search then plays on
// those moves only, with the evaluation as a floor (the mover may decline
// them), up to quiesceDepth plies.
type noisyPosition interface {
	noisy(dst []Move) []Move
}

const quiesceDepth = 4

// leaf is the value of a node at the horizon, for alpha-beta.
func (s *searcher) leaf(ply, alpha, beta int) int {
	s.horizon++
	np, ok := s.pos.(noisyPosition)
	if !ok {
		return s.pos.eval()
	}
	return s.quiesce(np, ply, alpha, beta, quiesceLimit(s.pos))
}

// quiesceLimit is quiesceDepth unless the game asks for another.
func quiesceLimit(p position) int {
	if q, ok := unwrap(p).(interface{ quiesceLimit() int }); ok {
		return q.quiesceLimit()
	}
	return quiesceDepth
}

func (s *searcher) quiesce(np noisyPosition, ply, alpha, beta, q int) int {
	if over, v := s.pos.terminal(); over {
		return adjustForPly(v, ply)
	}
	best := s.pos.eval()
	if q == 0 || best >= beta || ply >= maxPly-1 {
		return best
	}
	alpha = max(alpha, best)
	moves := np.noisy(s.moveBuf[ply][:0])
	s.moveBuf[ply] = moves
	side := s.pos.side()
	for i := 0; i < len(moves); i++ {
		m := s.moveBuf[ply][i]
		s.nodes++
		if s.clk.expired() {
			return 0
		}
		s.pos.make(m)
		var v int
		if s.pos.side() == side {
			v = s.quiesce(np, ply+1, alpha, beta, q-1)
		} else {
			v = -s.quiesce(np, ply+1, -beta, -alpha, q-1)
		}
		s.pos.unmake(m)
		if v > best {
			best = v
			alpha = max(alpha, v)
			if v >= beta {
				break
			}
		}
	}
	return best
}

// leafMinimax is leaf without pruning: the same value, found the long way.
func (s *searcher) leafMinimax(ply int) int {
	s.horizon++
	np, ok := s.pos.(noisyPosition)
	if !ok {
		return s.pos.eval()
	}
	return s.quiesceMinimax(np, ply, quiesceLimit(s.pos))
}

func (s *searcher) quiesceMinimax(np noisyPosition, ply, q int) int {
	if over, v := s.pos.terminal(); over {
		return adjustForPly(v, ply)
	}
	best := s.pos.eval()
	if q == 0 || ply >= maxPly-1 {
		return best
	}
	moves := np.noisy(s.moveBuf[ply][:0])
	s.moveBuf[ply] = moves
	side := s.pos.side()
	for i := 0; i < len(moves); i++ {
		m := s.moveBuf[ply][i]
		s.nodes++
		if s.clk.expired() {
			return 0
		}
		s.pos.make(m)
		var v int
		if s.pos.side() == side {
			v = s.quiesceMinimax(np, ply+1, q-1)
		} else {
			v = -s.quiesceMinimax(np, ply+1, q-1)
		}
		s.pos.unmake(m)
		best = max(best, v)
	}
	return best
}
