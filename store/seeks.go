package store

import (
	"context"
	"fmt"
)

// Open challenges: friend rooms whose creator let anyone in the lobby take
// the free seat. The room says when the lobby lists one (SetSeeking: while
// the seat is free, the game not over and the creator's page open).

// Seeks is what the lobby reads of open challenges.
type Seeks interface {
	// Seeks lists the open challenges listed now, newest first.
	Seeks(ctx context.Context, limit int) ([]Summary, error)
	// SeeksOf counts those of them made by the holder of tokenHash.
	SeeksOf(ctx context.Context, tokenHash string) (int, error)
}

// SetSeeking implements Store.
func (s *SQLite) SetSeeking(ctx context.Context, id string, on bool) error {
	return s.update(ctx, id, `UPDATE rooms SET seeking = ? WHERE id = ?`, on, id)
}

// Seeks implements Seeks.
func (s *SQLite) Seeks(ctx context.Context, limit int) ([]Summary, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+summaryColumns+` FROM rooms WHERE seeking = 1 AND over = 0 AND seated = 0
		ORDER BY created_at DESC, id LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: seeks: %w", err)
	}
	defer rows.Close()
	return scanSummaries(rows)
}

// SeeksOf implements Seeks.
func (s *SQLite) SeeksOf(ctx context.Context, tokenHash string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM rooms WHERE seeking = 1 AND over = 0 AND seated = 0
		AND (json_extract(seats, '$[0].token_hash') = ?1 OR json_extract(seats, '$[1].token_hash') = ?1)`, tokenHash).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: seeks: %w", err)
	}
	return n, nil
}

// SetSeeking implements Store.
func (p *Postgres) SetSeeking(ctx context.Context, id string, on bool) error {
	return p.write(ctx, id, func(ctx context.Context, f Fence) error {
		return p.update(ctx, id, f, `seeking = $4`, on)
	})
}

// Seeks implements Seeks.
func (p *Postgres) Seeks(ctx context.Context, limit int) ([]Summary, error) {
	rows, err := p.pool.Query(ctx, `SELECT `+summaryColumns+` FROM rooms WHERE seeking AND NOT over AND NOT seated
		ORDER BY created_at DESC, id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("store: seeks: %w", err)
	}
	defer rows.Close()
	return scanSummaries(rows)
}

// SeeksOf implements Seeks.
func (p *Postgres) SeeksOf(ctx context.Context, tokenHash string) (int, error) {
	var n int
	err := p.pool.QueryRow(ctx, `SELECT count(*) FROM rooms WHERE seeking AND NOT over AND NOT seated
		AND ((seats::jsonb -> 0 ->> 'token_hash') = $1 OR (seats::jsonb -> 1 ->> 'token_hash') = $1)`, tokenHash).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: seeks: %w", err)
	}
	return n, nil
}
