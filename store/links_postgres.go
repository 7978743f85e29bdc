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
	rows, err := p.pool.Query(ctx, fmt.Sprintf(linkedQuery, "= ANY($1)", "$2"), keys, since.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("store: linked: %w", err)
	}
	defer rows.Close()
	return scanLinks(rows)
}
