package store

import (
	"context"
	"fmt"
	"time"
)

// linksMigration is the PostgreSQL migration that adds the accounts seen
// in each browser (Links).
const linksMigration = `CREATE TABLE browser_accounts (
		browser text NOT NULL,
		account text NOT NULL,
		at      bigint NOT NULL,
		PRIMARY KEY (browser, account)
	);
	CREATE INDEX browser_accounts_account ON browser_accounts (account, at);
	CREATE INDEX browser_accounts_at ON browser_accounts (at);`

// SeeBrowser implements Links.
func (p *Postgres) SeeBrowser(ctx context.Context, browser, account string, at time.Time) error {
	if _, err := p.pool.Exec(ctx, `INSERT INTO browser_accounts (browser, account, at) VALUES ($1, $2, $3)
		ON CONFLICT (browser, account) DO UPDATE SET at = greatest(browser_accounts.at, excluded.at)`,
		browser, AccountKey(account), at.UnixMilli()); err != nil {
		return fmt.Errorf("store: browser seen: %w", err)
	}
	if _, err := p.pool.Exec(ctx, `DELETE FROM browser_accounts WHERE at < $1`, at.Add(-BrowsersKept).UnixMilli()); err != nil {
		return fmt.Errorf("store: browsers forgotten: %w", err)
	}
	return nil
}

// Linked implements Links.
func (p *Postgres) Linked(ctx context.Context, accounts []string, since time.Time) ([]Link, error) {
	keys := accountKeys(accounts)
	if len(keys) < 2 {
		return nil, nil
	}
	rows, err := p.pool.Query(ctx, `SELECT o.key, u.key FROM bots b JOIN users u ON u.id = b.user_id JOIN users o ON o.id = b.owner_id
		WHERE b.owner_id <> b.user_id AND u.key = ANY($1) AND o.key = ANY($1)`, keys)
	if err != nil {
		return nil, fmt.Errorf("store: bots linked: %w", err)
	}
	links, err := scanLinks(rows, true)
	rows.Close()
	if err != nil {
		return nil, fmt.Errorf("store: bots linked: %w", err)
	}
	rows, err = p.pool.Query(ctx, `SELECT DISTINCT a.account, b.account FROM browser_accounts a
		JOIN browser_accounts b ON b.browser = a.browser AND b.account > a.account
		WHERE a.account = ANY($1) AND b.account = ANY($1) AND a.at >= $2 AND b.at >= $2`, keys, since.UnixMilli())
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
