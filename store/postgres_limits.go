package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// RateLimits is implemented by stores shared by several nodes (Postgres):
// a limit counted there (rooms and pool entries per address, log-in tries
// per address and per account) holds across the nodes, where one counted
// by each node lets an address through as many times over as there are
// nodes behind the balancer.
type RateLimits interface {
	// Take takes one from key's bucket, which holds perMinute and
	// refills perMinute a minute by the database's clock; ok is false
	// when it is empty.
	Take(ctx context.Context, key string, perMinute int) (ok bool, err error)
}

// rateLimitsForget is how long a bucket nobody used is kept: it is full
// again long before.
const rateLimitsForget = time.Hour

// Take implements RateLimits. One statement takes the token, creating
// the bucket full or refilling it for the time since its last use, so that
// two nodes taking tokens of one address at once never both get the last.
func (p *Postgres) Take(ctx context.Context, key string, perMinute int) (bool, error) {
	if p.closed.Load() {
		return false, ErrClosed
	}
	var left float64
	err := p.pool.QueryRow(ctx, `INSERT INTO rate_limits AS b (key, tokens, at) VALUES ($1, $2 - 1, clock_timestamp())
		ON CONFLICT (key) DO UPDATE SET
			tokens = LEAST($2, b.tokens + EXTRACT(EPOCH FROM clock_timestamp() - b.at) / 60 * $2) - 1,
			at = clock_timestamp()
		WHERE LEAST($2, b.tokens + EXTRACT(EPOCH FROM clock_timestamp() - b.at) / 60 * $2) >= 1
		RETURNING tokens`, key, float64(perMinute)).Scan(&left)
	if err == pgx.ErrNoRows {
		return false, nil // the bucket is empty: the WHERE kept the row as it was
	}
	if err != nil {
		return false, fmt.Errorf("store: rate limit: %w", err)
	}
	return true, nil
}

// forgetRateLimits deletes the buckets nobody used for rateLimitsForget.
func (p *Postgres) forgetRateLimits(ctx context.Context) error {
	_, err := p.pool.Exec(ctx, `DELETE FROM rate_limits WHERE at < clock_timestamp() - make_interval(secs => $1)`,
		rateLimitsForget.Seconds())
	return err
}
