package store

import (
	"context"
	"fmt"
)

// Open opens the store dsn names: a PostgreSQL URL (postgres:// or
// postgresql://, see OpenPostgres) or else the path of a SQLite file
// (OpenSQLite). Log it with Redact.
func Open(ctx context.Context, dsn string) (Store, error) {
	if IsPostgres(dsn) {
		return OpenPostgres(ctx, dsn)
	}
	if dsn == "" {
		return nil, fmt.Errorf("store: no database given (a SQLite file or a postgres:// URL)")
	}
	return OpenSQLite(dsn)
}
