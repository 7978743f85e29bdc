package ai

// QuiesceDepth is how many plies of noisy moves the search plays on at its
// horizon, unless the position is a QuiesceLimiter.
const QuiesceDepth = 4

// leaf is the value of a node at the horizon, for alpha-beta.
func (s *Searcher) leaf(ply, alpha, beta int) int {
	s.horizon++
	np, ok := s.pos.(NoisyPosition)
	if !ok {
		return s.pos.Eval()
	}
	return s.quiesce(np, ply, alpha, beta, quiesceLimit(s.pos))
}

// quiesceLimit is QuiesceDepth unless the game asks for another.
func quiesceLimit(p Position) int {
	if q, ok := unwrap(p).(QuiesceLimiter); ok {
		return q.QuiesceLimit()
	}
	return QuiesceDepth
}

func (s *Searcher) quiesce(np NoisyPosition, ply, alpha, beta, q int) int {
	if over, v := s.pos.Terminal(); over {
		return adjustForPly(v, ply)
	}
	best := s.pos.Eval()
	if q == 0 || best >= beta || ply >= MaxPly-1 {
		return best
	}
	alpha = max(alpha, best)
	moves := np.Noisy(s.moveBuf[ply][:0])
	s.moveBuf[ply] = moves
	side := s.pos.Side()
	for i := 0; i < len(moves); i++ {
		m := s.moveBuf[ply][i]
		s.nodes++
		if s.clk.expired() {
			return 0
		}
		s.pos.Make(m)
		var v int
		if s.pos.Side() == side {
			v = s.quiesce(np, ply+1, alpha, beta, q-1)
		} else {
			v = -s.quiesce(np, ply+1, -beta, -alpha, q-1)
		}
		s.pos.Unmake(m)
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
func (s *Searcher) leafMinimax(ply int) int {
	s.horizon++
	np, ok := s.pos.(NoisyPosition)
	if !ok {
		return s.pos.Eval()
	}
	return s.quiesceMinimax(np, ply, quiesceLimit(s.pos))
}

func (s *Searcher) quiesceMinimax(np NoisyPosition, ply, q int) int {
	if over, v := s.pos.Terminal(); over {
		return adjustForPly(v, ply)
	}
	best := s.pos.Eval()
	if q == 0 || ply >= MaxPly-1 {
		return best
	}
	moves := np.Noisy(s.moveBuf[ply][:0])
	s.moveBuf[ply] = moves
	side := s.pos.Side()
	for i := 0; i < len(moves); i++ {
		m := s.moveBuf[ply][i]
		s.nodes++
		if s.clk.expired() {
			return 0
		}
		s.pos.Make(m)
		var v int
		if s.pos.Side() == side {
			v = s.quiesceMinimax(np, ply+1, q-1)
		} else {
			v = -s.quiesceMinimax(np, ply+1, q-1)
		}
		s.pos.Unmake(m)
		best = max(best, v)
	}
	return best
}
