package store

import (
	"fmt"
	"time"
)

// rows is what both drivers' query results offer (database/sql's and
// pgx's), so that a room's turns and chat are read by one piece of code.
type rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanTurns reads the turns of room id: notation, time (ms), think (µs)
// and info, in order.
func scanTurns(rs rows, id string) ([]Turn, error) {
	var turns []Turn
	for rs.Next() {
		var t Turn
		var at, think int64
		if err := rs.Scan(&t.Notation, &at, &think, &t.Info); err != nil {
			return nil, fmt.Errorf("store: room %q turns: %w", id, err)
		}
		t.At, t.Think = time.UnixMilli(at), time.Duration(think)*time.Microsecond
		turns = append(turns, t)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: room %q turns: %w", id, err)
	}
	return turns, nil
}

// scanChat reads chat messages: name, seat, text and time (ms), in order.
func scanChat(rs rows, id string) ([]ChatMessage, error) {
	var out []ChatMessage
	for rs.Next() {
		var m ChatMessage
		var at int64
		if err := rs.Scan(&m.Name, &m.Seat, &m.Text, &at); err != nil {
			return nil, fmt.Errorf("store: room %q chat: %w", id, err)
		}
		m.At = time.UnixMilli(at)
		out = append(out, m)
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("store: room %q chat: %w", id, err)
	}
	return out, nil
}
