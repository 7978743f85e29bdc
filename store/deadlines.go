package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"boardroom/realtime/vocab"
)

// Deadlines of correspondence rooms. A correspondence clock runs by the
// wall clock whether or not any node runs the room, so the store keeps
// each such room's deadline (the moment its mover loses), when 80% of the
// mover's time is used (the alarm) and who is to move. The room writes
// them with each turn (Turn.Due, in AppendTurn's statement, so a move and
// its deadline are one write) and whenever its clock starts otherwise
// (SetDue); the deadline keeper (package deadline) reads them to end the
// games whose time ran out while nobody had them open, and to raise the
// alarm once.

// Due is the deadline of a correspondence room's turn. The zero Due is
// none: no correspondence clock runs.
type Due struct {
	// At is when the mover loses on time (or, before their first move,
	// the game is aborted).
	At time.Time
	// Alarm is when the mover has used 80% of their time; zero once the
	// alarm was raised (ClaimAlarm).
	Alarm time.Time
	// Movers are the accounts of the seats to move (a guest's seat has
	// none): one, or two on a simultaneous turn.
	Movers []string
}

// DueRoom is a room's deadline as the keeper reads it.
type DueRoom struct {
	ID string
	Due
}

// Deadlines is what the deadline keeper reads and writes.
type Deadlines interface {
	// SetDue records the deadline of room id's turn (the zero Due clears
	// it). A deadline the room has already keeps its alarm as it was
	// (raised or not), so that writing it again raises no second alarm.
	SetDue(ctx context.Context, id string, d Due) error
	// Overdue lists up to limit unfinished rooms whose deadline is at or
	// before at, the earliest first.
	Overdue(ctx context.Context, at time.Time, limit int) ([]DueRoom, error)
	// Alarms lists up to limit unfinished rooms whose alarm is due at or
	// before at and not raised yet, the earliest first.
	Alarms(ctx context.Context, at time.Time, limit int) ([]DueRoom, error)
	// ClaimAlarm marks the alarm of d (a room Alarms listed) raised, and
	// reports whether this call did: of several nodes claiming one alarm,
	// exactly one is told true. A deadline that changed since it was read
	// (a move) is not claimed.
	ClaimAlarm(ctx context.Context, d DueRoom) (bool, error)
}

// dueSet assigns a room's deadline columns from $n, $n+1, $n+2 (deadline,
// alarm, movers): the alarm is kept when the deadline is the one the room
// has already.
func dueSet(n int) string {
	p := func(i int) string { return fmt.Sprintf("$%d", n+i) }
	return `alarm_at = CASE WHEN due_at = ` + p(0) + ` THEN alarm_at ELSE ` + p(1) + ` END, due_at = ` + p(0) + `, movers = ` + p(2)
}

// dueArgs are the parameters of dueSet.
func dueArgs(d Due) []any {
	return []any{millisOrZero(d.At), millisOrZero(d.Alarm), strings.Join(d.Movers, " ")}
}

// SetDue implements Deadlines: a write of the room's, under its fence.
func (b *base) SetDue(ctx context.Context, id string, d Due) error {
	return b.setRoom(ctx, id, dueSet(1), dueArgs(d)...)
}

// dueColumns are a DueRoom's columns, in scanDue's order.
const dueColumns = `id, due_at, alarm_at, movers`

func scanDue(r row) (d DueRoom, err error) {
	var at, alarm int64
	var movers string
	err = r.Scan(&d.ID, &at, &alarm, &movers)
	d.Due = readDue(at, alarm, movers)
	return d, err
}

// readDue is a Due as its columns hold it.
func readDue(at, alarm int64, movers string) Due {
	d := Due{At: fromMillis(at), Alarm: fromMillis(alarm)}
	if movers != "" {
		d.Movers = strings.Fields(movers)
	}
	return d
}

// fromMillis is the time of milliseconds, the zero time for 0.
func fromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// The deadline keeper's looks, by the partial indexes of the rooms due
// (rooms_due, rooms_alarm: both engines have them, on the same condition).
const (
	overdueSQL = `SELECT ` + dueColumns + ` FROM rooms
		WHERE due_at > 0 AND due_at <= $1 AND NOT over ORDER BY due_at, id LIMIT $2`
	alarmsSQL = `SELECT ` + dueColumns + ` FROM rooms
		WHERE alarm_at > 0 AND alarm_at <= $1 AND NOT over ORDER BY alarm_at, id LIMIT $2`
)

// Overdue implements Deadlines.
func (b *base) Overdue(ctx context.Context, at time.Time, limit int) ([]DueRoom, error) {
	rows, err := b.db.QueryContext(ctx, overdueSQL, at.UnixMilli(), limit)
	return collect(rows, err, "overdue rooms", scanDue)
}

// Alarms implements Deadlines.
func (b *base) Alarms(ctx context.Context, at time.Time, limit int) ([]DueRoom, error) {
	rows, err := b.db.QueryContext(ctx, alarmsSQL, at.UnixMilli(), limit)
	return collect(rows, err, "alarms", scanDue)
}

// ClaimAlarm implements Deadlines. It is not a write of the room's (the
// node raising the alarm need not own it), so it is not fenced: the
// condition on the row is what makes one claim win.
func (b *base) ClaimAlarm(ctx context.Context, d DueRoom) (bool, error) {
	res, err := b.e.exec(ctx, `UPDATE rooms SET alarm_at = 0 WHERE id = $1 AND due_at = $2 AND alarm_at = $3 AND alarm_at > 0`,
		d.ID, millisOrZero(d.At), millisOrZero(d.Alarm))
	if err != nil {
		return false, fmt.Errorf("store: room %q alarm: %w", d.ID, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// correspondenceKept is how long an open correspondence challenge stays
// listed, and a correspondence room whose game never started is kept
// (DeleteIdle), beyond the others: its creator may be away for days.
const correspondenceKept = 14 * vocab.Day

// notCorrespondence is the condition "not a correspondence room".
const notCorrespondence = `clock <> '` + string(vocab.CorrespondenceClock) + `'`
