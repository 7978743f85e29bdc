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
	in := placeholders(len(keys))
	args := make([]any, 0, 2*len(keys)+2)
	for range 2 {
		for _, k := range keys {
			args = append(args, k)
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT o.key, u.key FROM bots b JOIN users u ON u.id = b.user_id JOIN users o ON o.id = b.owner_id
		WHERE b.owner_id <> b.user_id AND u.key IN (`+in+`) AND o.key IN (`+in+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: bots linked: %w", err)
	}
	links, err := scanLinks(rows, true)
	rows.Close()
	if err != nil {
		return nil, fmt.Errorf("store: bots linked: %w", err)
	}
	rows, err = s.db.QueryContext(ctx, `SELECT DISTINCT a.account, b.account FROM browser_accounts a
		JOIN browser_accounts b ON b.browser = a.browser AND b.account > a.account
		WHERE a.account IN (`+in+`) AND b.account IN (`+in+`) AND a.at >= ? AND b.at >= ?`,
		append(args, since.UnixMilli(), since.UnixMilli())...)
	if err != nil {
		return nil, fmt.Errorf("store: browsers linked: %w", err)
	}
	defer rows.Close()
	shared, err := scanLinks(rows, false)
	if err != nil {
		return nil, fmt.Errorf("store: browsers linked: %w", err)
	}
	return append(links, shared...), nil
}
