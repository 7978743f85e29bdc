package store

import (
	"context"
	"fmt"
	"time"
)

// Links between accounts, which a rated game may not join (package
// fairplay says so, in words): a bot and the person who owns it, and two
// accounts used in one browser lately, which is how one person plays
// under two names. The browser is its seat token's hash (web's
// boardroom_seat cookie): the server records which accounts it saw in
// which browser, and when, and forgets it after BrowsersKept.

// Links keeps which accounts were used in which browser, and says which
// accounts are linked.
type Links interface {
	// SeeBrowser records that account (a username, any case) was used at
	// at in the browser whose token hashes to browser, and forgets what
	// was seen before at − BrowsersKept.
	SeeBrowser(ctx context.Context, browser, account string, at time.Time) error
	// Linked lists the links among accounts (usernames, any case): each
	// bot among them with its owner, and each two of them seen in one
	// browser at or after since. A house bot owns itself: it has no owner
	// to be linked to.
	Linked(ctx context.Context, accounts []string, since time.Time) ([]Link, error)
}

// BrowsersKept is how long the store remembers an account seen in a
// browser: the day in which two accounts of one browser may not play
// each other rated (fairplay).
const BrowsersKept = 24 * time.Hour

// Link is two linked accounts, by their keys (A before B), and why: Bot
// is the key of whichever is the other's bot ("" when they were seen in
// one browser).
type Link struct {
	A, B, Bot string
}

// linkTables are the tables of Links, for both engines (schema.go).
const linkTables = `CREATE TABLE IF NOT EXISTS browser_accounts (
	browser {text} NOT NULL,
	account {text} NOT NULL,
	at      {bigint} NOT NULL,
	PRIMARY KEY (browser, account)
);
CREATE INDEX IF NOT EXISTS browser_accounts_account ON browser_accounts(account, at);
CREATE INDEX IF NOT EXISTS browser_accounts_at ON browser_accounts(at);`

// SeeBrowser implements Links.
func (st *base) SeeBrowser(ctx context.Context, browser, account string, at time.Time) error {
	return st.e.writeTx(ctx, func(tx txn) error {
		if _, err := tx.Exec(`INSERT INTO browser_accounts (browser, account, at) VALUES ($1, $2, $3)
			ON CONFLICT (browser, account) DO UPDATE
			SET at = CASE WHEN excluded.at > browser_accounts.at THEN excluded.at ELSE browser_accounts.at END`,
			browser, AccountKey(account), at.UnixMilli()); err != nil {
			return fmt.Errorf("store: browser seen: %w", err)
		}
		if _, err := tx.Exec(`DELETE FROM browser_accounts WHERE at < $1`, at.Add(-BrowsersKept).UnixMilli()); err != nil {
			return fmt.Errorf("store: browsers forgotten: %w", err)
		}
		return nil
	})
}

// Linked implements Links, both kinds of link in one query: each row two
// accounts' keys, and the key of the bot between them ("": seen in one
// browser). The accounts' keys are parameters from $2 on, each column
// tested against the same ones; since is $1.
func (st *base) Linked(ctx context.Context, accounts []string, since time.Time) ([]Link, error) {
	keys, _ := keyed(accounts)
	if len(keys) < 2 {
		return nil, nil
	}
	in := func(col string) string {
		cond, _ := st.e.anyOf(col, 2, keys)
		return cond
	}
	_, args := st.e.anyOf("", 2, keys)
	rows, err := st.db.QueryContext(ctx, `SELECT o.key, u.key, u.key FROM bots b JOIN users u ON u.id = b.user_id JOIN users o ON o.id = b.owner_id
	WHERE b.owner_id <> b.user_id AND `+in("u.key")+` AND `+in("o.key")+`
	UNION ALL
	SELECT DISTINCT a.account, b.account, '' FROM browser_accounts a JOIN browser_accounts b ON b.browser = a.browser AND b.account > a.account
	WHERE `+in("a.account")+` AND `+in("b.account")+` AND a.at >= $1 AND b.at >= $1`, append([]any{since.UnixMilli()}, args...)...)
	return collect(rows, err, "linked", func(r row) (l Link, err error) {
		err = r.Scan(&l.A, &l.B, &l.Bot)
		if l.B < l.A {
			l.A, l.B = l.B, l.A
		}
		return l, err
	})
}
