package notify

import (
	"context"
	"fmt"
	"time"

	"boardroom/push"
)

// The notices' words. Each names its room by tag, so that the newest
// notice of a game replaces the one before on the device (and at the push
// service, which collapses those of one Topic it still holds): a player
// away for days finds one notification a game, the latest.

// roomTag is the tag of a room's notices.
func roomTag(roomID string) string { return "room-" + roomID }

// roomURL is the page a notice of a room opens.
func roomURL(roomID string) string { return "/r/" + roomID }

// YourMove tells account it is their move in room roomID
// (match.TurnNotifier): a game of gameName against opponent.
func (n *Notifier) YourMove(_ context.Context, account, roomID, gameName, opponent string) {
	n.Notify(account, push.Message{
		Title: "Your move in " + gameName,
		Body:  opponent + " has moved: it is your turn.",
		URL:   roomURL(roomID), Tag: roomTag(roomID),
	})
}

// TimeRunningLow tells account that most of their time for the move in
// room roomID is used, left remaining: the alarm at 80% of a
// correspondence move's time, which the deadline keeper raises once a
// move (deadline.Alarm).
func (n *Notifier) TimeRunningLow(_ context.Context, account, roomID string, left time.Duration) {
	n.Notify(account, push.Message{
		Title: "Your time is running out",
		Body:  "You have " + Remaining(left) + " left for your move, or you lose the game on time.",
		URL:   roomURL(roomID), Tag: roomTag(roomID),
	})
}

// Remaining says a time left in words, to the unit that matters: days and
// hours, hours and minutes, or minutes ("1 day 4 hours", "3 hours 5
// minutes", "less than a minute").
func Remaining(d time.Duration) string {
	days, hours, minutes := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	switch {
	case days > 0 && hours > 0:
		return count(days, "day") + " " + count(hours, "hour")
	case days > 0:
		return count(days, "day")
	case hours > 0 && minutes > 0:
		return count(hours, "hour") + " " + count(minutes, "minute")
	case hours > 0:
		return count(hours, "hour")
	case minutes > 0:
		return count(minutes, "minute")
	}
	return "less than a minute"
}

func count(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}
