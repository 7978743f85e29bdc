package store

import (
	"context"
	"fmt"
	"time"
)

// SeeBrowser implements Links.
func (s *SQLite) SeeBrowser(ctx context.Context, browser, account string, at time.Time) error {
	return s.write(ctx, func(tx *wtx) error {
		if _, err := tx.Exec(`INSERT INTO browser_accounts (browser, account, at) VALUES (?, ?, ?)
			ON CONFLICT (browser, account) DO UPDATE SET at = max(at, excluded.at)`, browser, AccountKey(account), at.UnixMilli()); err != nil {
			return fmt.Errorf("store: browser seen: %w", err)
		}
		if _, err := tx.Exec(`DELETE FROM browser_accounts WHERE at < ?`, at.Add(-BrowsersKept).UnixMilli()); err != nil {
			return fmt.Errorf("store: browsers forgotten: %w", err)
		}
		return nil
	})
}

// Linked implements Links.
func (s *SQLite) Linked(ctx context.Context, accounts []string, since time.Time) ([]Link, error) {
	keys := accountKeys(accounts)
	if len(keys) < 2 {
		return nil, nil
	}
	var args []any // as linkedQuery names them: the keys four times, then since twice
	for range 4 {
		for _, k := range keys {
			args = append(args, k)
		}
	}
	args = append(args, since.UnixMilli(), since.UnixMilli())
	rows, err := s.db.QueryContext(ctx, fmt.Sprintf(linkedQuery, "IN ("+placeholders(len(keys))+")", "?"), args...)
	if err != nil {
		return nil, fmt.Errorf("store: linked: %w", err)
	}
	defer rows.Close()
	return scanLinks(rows)
}
