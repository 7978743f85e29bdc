package store

import (
	"context"
	"fmt"
	"strconv"
)

// Open challenges: friend rooms whose creator let anyone in the lobby take
// the free seat. The room says when the lobby lists one (SetSeeking: while
// the seat is free, the game not over and the creator's page open; a
// correspondence one whatever the creator's page, for at most
// correspondenceKept from its making).

// Seeks is what the lobby reads of open challenges.
type Seeks interface {
	// Seeks lists the open challenges listed now, newest first.
	Seeks(ctx context.Context, limit int) ([]Summary, error)
	// SeeksOf counts those of them made by the holder of tokenHash.
	SeeksOf(ctx context.Context, tokenHash string) (int, error)
}

// SetSeeking implements Store.
func (b *base) SetSeeking(ctx context.Context, id string, on bool) error {
	return b.setRoom(ctx, id, `seeking = $1`, on)
}

// seeking is the condition "an open challenge the lobby lists now", with
// $n the oldest creation time of a correspondence one listed.
func seeking(n int) string {
	return `seeking = TRUE AND over = FALSE AND seated = FALSE AND (` + notCorrespondence + ` OR created_at >= $` + strconv.Itoa(n) + `)`
}

// seeksSince is the oldest creation time of a correspondence challenge
// listed now.
func (st *base) seeksSince() int64 { return st.now().Add(-correspondenceKept).UnixMilli() }

// Seeks implements Seeks.
func (st *base) Seeks(ctx context.Context, limit int) ([]Summary, error) {
	rows, err := st.db.QueryContext(ctx, `SELECT `+summaryColumns+` FROM rooms WHERE `+seeking(2)+`
		ORDER BY created_at DESC, id LIMIT $1`, limit, st.seeksSince())
	return collect(rows, err, "seeks", scanSummary)
}

// SeeksOf implements Seeks.
func (st *base) SeeksOf(ctx context.Context, tokenHash string) (int, error) {
	var n int
	err := st.db.QueryRowContext(ctx, `SELECT count(*) FROM rooms WHERE `+seeking(2)+` AND `+st.inSeat("token_hash", 1), tokenHash, st.seeksSince()).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: seeks: %w", err)
	}
	return n, nil
}
